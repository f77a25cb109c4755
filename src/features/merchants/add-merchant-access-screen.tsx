import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../contract/countries';
import { GrantMerchantAccessSchema, type GrantMerchantAccess, type MerchantAccessGranted } from '../../../contract/merchants';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useActionMutation } from '../../lib/use-action-mutation';
import { grantMerchantAccess, merchantGroupsQuery, merchantKeys } from './api';

type GroupChoice = 'new' | 'existing';

/** The form's values, shaped as the call's body so the contract's and the server's field errors (`newGroup.name`, `admin.email`) land on the same names. */
interface Values {
  choice: GroupChoice;
  merchantGroupId: string;
  newGroup: { name: string; country: string };
  admin: { firstName: string; lastName: string; email: string };
}

const EMPTY: Values = { choice: 'new', merchantGroupId: '', newGroup: { name: '', country: '' }, admin: { firstName: '', lastName: '', email: '' } };

/** The form's values as the call's body: a new group or the chosen one, and the admin to invite. */
function bodyOf(values: Values): GrantMerchantAccess {
  return values.choice === 'new'
    ? { newGroup: values.newGroup, admin: values.admin }
    : { merchantGroupId: values.merchantGroupId || undefined, admin: values.admin };
}

/** The contract's schema of the call, read from the form's values. */
const AccessFormSchema = z
  .object({
    choice: z.enum(['new', 'existing']),
    merchantGroupId: z.string(),
    newGroup: z.object({ name: z.string(), country: z.string() }),
    admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  })
  .transform(bodyOf)
  .pipe(GrantMerchantAccessSchema);

function countryNames(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/** /merchants/add-merchant-access (spec 2): a merchant group and the invitation of its merchant admin. */
export function AddMerchantAccessScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [granted, setGranted] = useState<MerchantAccessGranted | null>(null);
  const mutation = useActionMutation({
    mutationFn: (body: GrantMerchantAccess) => grantMerchantAccess(body),
    onSuccess: async (answer) => {
      setGranted(answer);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.groups });
    },
    meta: { errorToast: false },
  });
  const form = useForm({ schema: AccessFormSchema, defaultValues: EMPTY, serverError: mutation.error });
  const choice = form.watch('choice');
  const groups = useQuery({ ...merchantGroupsQuery({ pageSize: 100, sortBy: 'name', sortDirection: 'asc' }), enabled: choice === 'existing' });
  // The contract's messages are catalogue keys; one the catalogue lacks is shown as the server wrote it.
  const errorOf = (name: string) => {
    const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  if (granted)
    return (
      <PageLayout title={t('merchants.access.title')} back={{ href: '/merchants', label: t('merchants.title') }}>
        <div role="status" className="rounded border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">{t('merchants.access.sentTitle')}</p>
          <p className="mt-1">{t('merchants.access.sentBody', { email: granted.invitedEmail, group: granted.merchantGroup.name })}</p>
        </div>
        <div className="flex gap-3">
          <Link href="/merchants" className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white">
            {t('merchants.access.backToList')}
          </Link>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setGranted(null);
              form.reset(EMPTY);
              mutation.reset();
            }}
          >
            {t('merchants.access.another')}
          </Button>
        </div>
      </PageLayout>
    );

  const generalError = mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? mutation.error.message : null;
  return (
    <PageLayout title={t('merchants.access.title')} back={{ href: '/merchants', label: t('merchants.title') }}>
      <form
        noValidate
        onSubmit={form.submit((body) => mutation.send(body))}
        className="flex max-w-xl flex-col gap-4 rounded border border-slate-200 bg-white p-4"
      >
        {generalError ? (
          <p role="alert" className="text-sm text-red-800">
            {generalError}
          </p>
        ) : null}
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-900">{t('merchants.access.group')}</legend>
          <div className="flex gap-4 text-sm">
            {(['new', 'existing'] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input type="radio" value={choice} {...form.register('choice')} />
                {t(`merchants.access.choice.${choice}`)}
              </label>
            ))}
          </div>
          {choice === 'new' ? (
            <>
              <Field label={t('merchants.access.groupName')} required error={errorOf('newGroup.name')}>
                {(control) => <input {...control} {...form.register('newGroup.name')} className={inputClass} />}
              </Field>
              <Field label={t('merchants.access.country')} required error={errorOf('newGroup.country')}>
                {(control) => (
                  <select {...control} {...form.register('newGroup.country')} className={inputClass}>
                    <option value="">{t('merchants.access.chooseCountry')}</option>
                    {countryNames().map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          ) : (
            <Field label={t('merchants.access.existingGroup')} required error={errorOf('merchantGroupId')}>
              {(control) => (
                <select {...control} {...form.register('merchantGroupId')} className={inputClass}>
                  <option value="">{t('merchants.access.chooseGroup')}</option>
                  {(groups.data?.items ?? []).map((group) => (
                    <option key={group.merchantGroupId} value={group.merchantGroupId}>
                      {group.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-900">{t('merchants.access.admin')}</legend>
          <Field label={t('merchants.access.firstName')} required error={errorOf('admin.firstName')}>
            {(control) => <input {...control} {...form.register('admin.firstName')} className={inputClass} />}
          </Field>
          <Field label={t('merchants.access.lastName')} required error={errorOf('admin.lastName')}>
            {(control) => <input {...control} {...form.register('admin.lastName')} className={inputClass} />}
          </Field>
          <Field label={t('merchants.access.email')} required error={errorOf('admin.email')}>
            {(control) => <input {...control} {...form.register('admin.email')} type="email" className={inputClass} />}
          </Field>
        </fieldset>
        <div>
          <Button type="submit" pending={mutation.pending} pendingLabel={t('merchants.access.sending')}>
            {t('merchants.access.submit')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
