import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MerchantConfig } from '../../../contract/merchant-config';
import { DEPOSIT_BASES } from '../../../contract/payment-links';
import { versionOf } from '../../../contract/versions';
import { CHARGE_CATEGORIES, PAYMENT_TYPES, PaymentSettingsSchema, type PaymentSettings } from '../../../contract/settings/payment';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { Field, inputClass } from '../../components/form/field';
import { isChangedSince, ResponseError } from '../../lib/failure-message';
import { parseDecimal } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentSettingsKeys, saveMerchantConfig } from './api';
import { editHref } from './payment-settings-screen';

function serverErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ResponseError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
}

/** A property's payment settings (payment types, charge categories, deposit), added or edited. */
export function PaymentConfigForm(props: {
  config: MerchantConfig;
  adding: boolean;
  onSaved: (saved: MerchantConfig) => void;
  /** A new attempt begins (a change or a save): an earlier "saved" no longer speaks for what is on the screen. */
  onEditing?: () => void;
}) {
  const { config, adding, onSaved, onEditing } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<PaymentSettings>(config.settings);
  // What is typed, kept as typed: a number field dropped a comma ("1,5" became 15) and showed 0 for an emptied field.
  const [depositText, setDepositText] = useState(String(config.settings.depositPercentage));
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const mutation = useActionMutation({
    // What the form was opened on goes along: a save over someone else's newer one is refused, not lost (409).
    mutationFn: () => saveMerchantConfig({ merchantId: config.merchantId, settings: values }, adding, versionOf(config.updatedAt)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.all });
      onSaved(saved);
    },
    meta: { errorToast: false },
  });
  const errors: Record<string, string[]> = { ...clientErrors };
  for (const [key, messages] of Object.entries(serverErrors(mutation.error))) errors[key.replace(/^settings\./, '')] = messages;
  const errorOf = (key: string) => (errors[key]?.[0] ? t(errors[key][0], { defaultValue: errors[key][0] }) : undefined);
  // Someone else saved since the form opened (or, adding, gave the property settings of its own): nothing was saved.
  const changedMeanwhile = isChangedSince(mutation.error) || (adding && mutation.error instanceof ResponseError && mutation.error.status === 409);
  const general = changedMeanwhile ? null : mutation.error && Object.keys(serverErrors(mutation.error)).length === 0 ? mutation.error.message : null;
  function change(next: (current: PaymentSettings) => PaymentSettings) {
    onEditing?.();
    setValues(next);
  }
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.all });
    navigate(editHref(config));
  };

  const toggle = (key: 'paymentTypes' | 'chargeCategories', option: string) =>
    change((current) => {
      const list = current[key] as string[];
      return { ...current, [key]: list.includes(option) ? list.filter((entry) => entry !== option) : [...list, option] };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEditing?.();
    const parsed = PaymentSettingsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    mutation.act();
  };

  const checkboxes = (key: 'paymentTypes' | 'chargeCategories', options: readonly string[]) => (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorOf(key) ? `${key}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t(`paymentSettings.fields.${key}`)}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={(values[key] as string[]).includes(option)} onChange={() => toggle(key, option)} />
            {t(`paymentSettings.options.${key}.${option}`)}
          </label>
        ))}
      </div>
      {errorOf(key) ? (
        <p id={`${key}-error`} className="text-sm text-red-800">
          {errorOf(key)}
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4 rounded border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-700">
        {t(config.hasOwnSettings ? 'paymentSettings.ownSettings' : 'paymentSettings.inheritedSettings', { group: config.groupName })}
      </p>
      {general ? (
        <p role="alert" className="text-sm text-red-800">
          {general}
        </p>
      ) : null}
      {changedMeanwhile ? <ChangedSinceNotice message={t('paymentSettings.validation.changedMeanwhile')} onLoad={() => void showCurrent()} /> : null}
      {checkboxes('paymentTypes', PAYMENT_TYPES)}
      {checkboxes('chargeCategories', CHARGE_CATEGORIES)}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('paymentSettings.fields.depositBasis')} error={errorOf('depositBasis')}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={values.depositBasis}
              onChange={(event) => change((current) => ({ ...current, depositBasis: event.target.value as PaymentSettings['depositBasis'] }))}
            >
              {DEPOSIT_BASES.map((basis) => (
                <option key={basis} value={basis}>
                  {t(`paymentSettings.options.depositBasis.${basis}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('paymentSettings.fields.depositPercentage')} error={errorOf('depositPercentage')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              className={inputClass}
              value={depositText}
              onChange={(event) => {
                const typed = event.target.value;
                setDepositText(typed);
                // As typed, never a guess: "1,5" is 1.5 (not a whole number), letters are no number (NaN), both refused at the field.
                change((current) => ({ ...current, depositPercentage: typed.trim() === '' ? 0 : (parseDecimal(typed) ?? Number.NaN) }));
              }}
            />
          )}
        </Field>
      </div>
      <div>
        <button
          type="submit"
          disabled={mutation.pending}
          aria-busy={mutation.pending}
          className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
        >
          {t(adding ? 'paymentSettings.add' : 'paymentSettings.save')}
        </button>
      </div>
    </form>
  );
}
