import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import type { MerchantConfig } from '../../../contract/payment-settings';
import { DEPOSIT_BASES } from '../../../contract/payment-links';
import { versionOf } from '../../../contract/versions';
import { CHARGE_CATEGORIES, PAYMENT_TYPES, PaymentSettingsSchema, type PaymentSettings } from '../../../contract/settings/payment';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf, type FaultWords } from '../../components/form/problem-errors';
import { useForm } from '../../components/form/use-form';
import type { HeldAnswer } from '../../components/form/use-held-answer';
import { useReportDirty } from '../../components/form/use-report-dirty';
import { isChangedSince, ResponseError } from '../../lib/failure-message';
import { parseDecimal } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentSettingsKeys, savePaymentSettings } from './api';
import { editHref } from './payment-settings-screen';

/** The server names the fields inside the body's `settings`: each lands on its field. */
const atField: FaultWords = ({ path, message }) => ({ field: path.replace(/^settings\./, ''), message });

/** What the inputs hold: the settings, the deposit percentage as typed. */
type Draft = Omit<PaymentSettings, 'depositPercentage'> & { depositPercentage: string };

/**
 * The inputs read as the settings, checked by the schema the server checks with. The percentage as typed, never a
 * guess: "1,5" is 1.5 (not a whole number), letters are no number (NaN), both refused at the field; empty is 0.
 */
const DraftSchema = z
  .custom<Draft>()
  .transform((draft): PaymentSettings => {
    const typed = draft.depositPercentage;
    return { ...draft, depositPercentage: typed.trim() === '' ? 0 : (parseDecimal(typed) ?? Number.NaN) };
  })
  .pipe(PaymentSettingsSchema);

/** A property's payment settings (payment types, charge categories, deposit), added or edited. */
export function PaymentSettingsForm(props: {
  config: MerchantConfig;
  adding: boolean;
  onSaved: (saved: MerchantConfig) => void;
  /** A new attempt begins (a change or a save): an earlier "saved" no longer speaks for what is on the screen. */
  onEditing?: () => void;
  /** The edit page's hold on the settings the form was built from (decision 0680); `config` is its answer. */
  held?: HeldAnswer<MerchantConfig>;
}) {
  const { config, adding, onSaved, onEditing, held } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = useActionMutation({
    // What the form was opened on goes along: a save over someone else's newer one is refused, not lost (409).
    mutationFn: (settings: PaymentSettings) => savePaymentSettings({ merchantId: config.merchantId, settings }, adding, versionOf(config.updatedAt)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.all });
      onSaved(saved);
    },
    meta: { errorToast: false },
  });
  // What is typed, kept as typed: a number field dropped a comma ("1,5" became 15) and showed 0 for an emptied field.
  const form = useForm<Draft, PaymentSettings>({
    schema: DraftSchema,
    defaultValues: { ...config.settings, depositPercentage: String(config.settings.depositPercentage) },
    serverError: mutation.error,
    words: atField,
  });
  useReportDirty(form.formState.isDirty, held?.onDirtyChange);
  const { errors } = form.formState;
  // Messages are keys of the catalogue (the schema's and the server's alike).
  const errorOf = (key: keyof Draft) => {
    const message = errors[key]?.message;
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  // Someone else saved since the form opened (or, adding, gave the property settings of its own): nothing was saved.
  const changedMeanwhile = isChangedSince(mutation.error) || (adding && mutation.error instanceof ResponseError && mutation.error.status === 409);
  const general = changedMeanwhile ? null : mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? mutation.error.message : null;
  const editing = { onChange: () => onEditing?.() };
  // The newest settings, then the form built from them (what was typed goes, as the user asked).
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.all });
    held?.startOver();
    navigate(editHref(config));
  };
  const submit = form.submit((settings) => mutation.send(settings));

  const checkboxes = (key: 'paymentTypes' | 'chargeCategories', options: readonly string[]) => (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorOf(key) ? `${key}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t(`paymentSettings.fields.${key}`)}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" value={option} {...form.register(key, editing)} />
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
    <form
      noValidate
      onSubmit={(event) => {
        onEditing?.();
        return submit(event);
      }}
      className="flex max-w-2xl flex-col gap-4 rounded border border-slate-200 bg-white p-4"
    >
      <p className="text-sm text-slate-700">
        {t(config.hasOwnSettings ? 'paymentSettings.ownSettings' : 'paymentSettings.inheritedSettings', { group: config.groupName })}
      </p>
      {general ? (
        <p role="alert" className="text-sm text-red-800">
          {general}
        </p>
      ) : null}
      {changedMeanwhile || held?.overtaken ? (
        <ChangedSinceNotice
          message={t(changedMeanwhile ? 'paymentSettings.validation.changedMeanwhile' : 'settings.form.changedMeanwhile')}
          onLoad={() => void showCurrent()}
        />
      ) : null}
      {checkboxes('paymentTypes', PAYMENT_TYPES)}
      {checkboxes('chargeCategories', CHARGE_CATEGORIES)}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('paymentSettings.fields.depositBasis')} error={errorOf('depositBasis')}>
          {(control) => (
            <select {...control} className={inputClass} {...form.register('depositBasis', editing)}>
              {DEPOSIT_BASES.map((basis) => (
                <option key={basis} value={basis}>
                  {t(`paymentSettings.options.depositBasis.${basis}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('paymentSettings.fields.depositPercentage')} error={errorOf('depositPercentage')}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" className={inputClass} {...form.register('depositPercentage', editing)} />}
        </Field>
      </div>
      <div>
        <Button type="submit" pending={mutation.pending}>
          {t(adding ? 'paymentSettings.add' : 'paymentSettings.save')}
        </Button>
      </div>
    </form>
  );
}
