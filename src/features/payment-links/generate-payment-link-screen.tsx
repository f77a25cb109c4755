import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { DEPOSIT_BASES, GeneratePaymentLinkBodySchema, paymentLinkEndpoints, type PaymentLink, type PaymentLinkSetup } from '../../../contract/payment-links';
import { Button, buttonClass } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { MoneyBlockedNote, PickedProperty, PropertyPicker } from '../../components/property-picker/property-picker';
import { useWorkingProperty } from '../../components/property-picker/working-property';
import { useCapabilities } from '../../lib/capabilities';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentLinkKeys, paymentLinkQuery, paymentLinkSetupQuery } from './api';
import { CreatedLink } from './created-link';
import { linkFaultWords } from './link-fault-words';
import { previewAddress } from './preview-address';

// Spec 2 "/generate-payment-link" (issue 15): the form validates with the contract's schema, the
// server checks it again; one click is one intent with its own idempotency key.

/** The address parameter that holds the created link's id. */
export const LINK_QUERY = 'link';

type FormInput = z.input<typeof GeneratePaymentLinkBodySchema>;
type FormOutput = z.output<typeof GeneratePaymentLinkBodySchema>;

export function GeneratePaymentLinkScreen() {
  const { t } = useTranslation();
  const working = useWorkingProperty();
  const merchantId = working.merchantId;
  // What the server lets this user do on the property: the form shows only when it takes the link.
  const capabilities = useCapabilities(merchantId ?? null);
  const property = merchantId ? capabilities.property : null;
  const mayCreate = property !== null && capabilities.may(paymentLinkEndpoints.createPaymentLink);
  const setup = useQuery({ ...paymentLinkSetupQuery(merchantId ?? ''), enabled: Boolean(merchantId) && mayCreate });
  // The created link lives in the address (`?link=<id>`, decision 0464): "Preview" and Back, or a reload,
  // come back to it; "Create another link" leaves it.
  const search = new URLSearchParams(useSearch());
  const linkId = search.get(LINK_QUERY);
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const created = useQuery({ ...paymentLinkQuery(linkId ?? ''), enabled: Boolean(linkId) });
  const addressWith = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set(LINK_QUERY, id);
    else next.delete(LINK_QUERY);
    const text = next.toString();
    return `${location}${text ? `?${text}` : ''}`;
  };
  const onCreated = (link: PaymentLink) => {
    queryClient.setQueryData(paymentLinkKeys.link(link.id), link);
    navigate(addressWith(link.id));
  };
  return (
    <PageLayout
      title={t('shell.routes.generatePaymentLink')}
      subtitle={setup.data ? t('paymentLinks.intro', { property: setup.data.propertyName }) : undefined}
    >
      {working.resolving || (merchantId && capabilities.loading) ? <p role="status">{t('common.loading')}</p> : null}
      {!merchantId && working.picks ? <PropertyPicker working={working} purpose={t('capabilities.picker.forLink')} /> : null}
      {merchantId && capabilities.failed ? (
        <p role="alert">
          {t('capabilities.notYours')}{' '}
          {working.picks ? (
            <Link href={working.hrefFor(undefined)} className="text-brand underline">
              {t('capabilities.picker.change')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <PickedProperty working={working} property={property} />
      <MoneyBlockedNote property={property} />
      {property && !property.moneyBlocked && !mayCreate ? (
        <p role="status" data-testid="read-only-reason" className="max-w-3xl text-sm">
          {t('capabilities.readOnly.paymentLink', { name: property.name })}
        </p>
      ) : null}
      {linkId && created.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {linkId && created.isError ? (
        <p role="alert">
          {t('paymentLinks.created.notFound')}{' '}
          <Link href={addressWith(null)} className="text-brand underline">
            {t('paymentLinks.created.another')}
          </Link>
        </p>
      ) : null}
      {created.data ? <CreatedLink link={created.data} onAnother={() => navigate(addressWith(null))} /> : null}
      {setup.data && mayCreate && !linkId ? <GenerateForm key={setup.data.merchantId} setup={setup.data} onCreated={onCreated} /> : null}
    </PageLayout>
  );
}

function GenerateForm({ setup, onCreated }: { setup: PaymentLinkSetup; onCreated: (link: PaymentLink) => void }) {
  const { t } = useTranslation();
  const create = useActionMutation({
    mutationFn: (body: FormOutput, idempotencyKey: string) =>
      call(paymentLinkEndpoints.createPaymentLink, { body, merchantId: setup.merchantId, idempotencyKey }),
    onSuccess: onCreated,
  });
  const form = useForm<FormInput, FormOutput>({
    schema: GeneratePaymentLinkBodySchema,
    defaultValues: {
      guestName: '',
      guestEmail: '',
      amountMinor: undefined,
      currency: setup.currencies[0],
      paymentType: setup.paymentTypes[0],
      chargeCategory: setup.chargeCategories[0],
      bookingReference: '',
      depositBasis: 'None',
      expiryHours: setup.defaultExpiryHours,
      message: '',
    },
    serverError: create.error,
    words: linkFaultWords(t, setup.maxExpiryHours),
  });
  const { errors } = form.formState;
  const values = form.watch();
  const preview = previewAddress({
    amountMinor: values.amountMinor ?? 0,
    currency: values.currency,
    paymentType: values.paymentType,
    chargeCategory: values.chargeCategory,
    guestName: values.guestName,
    bookingReference: values.bookingReference,
    message: values.message || null,
    expiresAt: new Date(Date.now() + (Number(values.expiryHours) || setup.defaultExpiryHours) * 3_600_000).toISOString(),
  });

  const text = (label: string, registered: UseFormRegisterReturn, error: string | undefined, props: Record<string, unknown> = {}) => (
    <Field label={label} error={error} required>
      {(control) => <input {...control} {...registered} {...props} className={inputClass} />}
    </Field>
  );
  const select = (label: string, registered: UseFormRegisterReturn, options: readonly string[], words: (value: string) => string) => (
    <Field label={label} required>
      {(control) => (
        <select {...control} {...registered} className={inputClass}>
          {options.map((option) => (
            <option key={option} value={option}>
              {words(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form
      aria-label={t('paymentLinks.form.label')}
      noValidate
      onSubmit={form.submit((body) => create.send(body))}
      className="grid max-w-3xl grid-cols-1 gap-4 md:grid-cols-2"
    >
      {text(t('paymentLinks.form.guestName'), form.register('guestName'), errors.guestName?.message, { autoComplete: 'off' })}
      {text(t('paymentLinks.form.guestEmail'), form.register('guestEmail'), errors.guestEmail?.message, { type: 'email', autoComplete: 'off' })}
      <Controller
        control={form.control}
        name="amountMinor"
        render={({ field }) => (
          <MoneyInput
            label={t('paymentLinks.form.amount')}
            value={field.value ?? null}
            currency={values.currency}
            onChange={(minor) => field.onChange(minor ?? undefined)}
            error={errors.amountMinor?.message}
            required
          />
        )}
      />
      {select(t('paymentLinks.form.currency'), form.register('currency'), setup.currencies, (code) => code)}
      {select(t('paymentLinks.form.paymentType'), form.register('paymentType'), setup.paymentTypes, (code) => t(`paymentLinks.paymentType.${code}`))}
      {select(t('paymentLinks.form.chargeCategory'), form.register('chargeCategory'), setup.chargeCategories, (code) =>
        t(`paymentLinks.chargeCategory.${code}`),
      )}
      {text(t('paymentLinks.form.bookingReference'), form.register('bookingReference'), errors.bookingReference?.message, { autoComplete: 'off' })}
      {select(t('paymentLinks.form.depositBasis'), form.register('depositBasis'), DEPOSIT_BASES, (code) => t(`paymentLinks.depositBasis.${code}`))}
      <Field
        label={t('paymentLinks.form.expiryHours')}
        description={t('paymentLinks.form.expiryHint', { max: setup.maxExpiryHours })}
        error={errors.expiryHours?.message}
        required
      >
        {(control) => (
          <input
            {...control}
            {...form.register('expiryHours', { valueAsNumber: true })}
            type="number"
            min={1}
            max={setup.maxExpiryHours}
            className={inputClass}
          />
        )}
      </Field>
      <div className="md:col-span-2">
        <Field label={t('paymentLinks.form.message')} error={errors.message?.message}>
          {(control) => <textarea {...control} {...form.register('message')} rows={3} className={inputClass} />}
        </Field>
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <Button type="submit" pending={create.pending} pendingLabel={t('paymentLinks.form.sending')}>
          {t('paymentLinks.form.submit')}
        </Button>
        <Link href={preview} className={buttonClass('secondary')}>
          {t('paymentLinks.form.preview')}
        </Link>
      </div>
    </form>
  );
}
