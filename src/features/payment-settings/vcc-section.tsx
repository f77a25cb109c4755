import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  VCC_CHANNELS,
  VCC_CHARGE_TIMINGS,
  VccMerchantConfigInputSchema,
  type VccMerchantConfig,
  type VccMerchantConfigInput,
} from '../../../contract/payment-settings';
import { versionOf } from '../../../contract/versions';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { useForm } from '../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../components/form/use-held-answer';
import { useReportDirty } from '../../components/form/use-report-dirty';
import { isChangedSince } from '../../lib/failure-message';
import { formatDateTime } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentSettingsKeys, saveVccSettings, vccSettingsQuery } from './api';
import { neverAnswered, ReadFailure } from '../../components/form/read-failure';
import { LoadingStatus } from '../../components/loading-status/loading-status';

// Spec 7 `vcc-merchant-configs` on the property's payment settings page (decision 0295: the spec names no screen).

type Values = { enabled: boolean; channels: string[]; chargeTiming: VccMerchantConfig['chargeTiming']; daysBeforeCheckIn: string; notificationEmail: string };

const valuesOf = (config: VccMerchantConfig | undefined): Values => ({
  enabled: config?.enabled ?? false,
  channels: config?.channels ?? [],
  chargeTiming: config?.chargeTiming ?? 'OnCheckIn',
  daysBeforeCheckIn: config?.daysBeforeCheckIn === null || config?.daysBeforeCheckIn === undefined ? '' : String(config.daysBeforeCheckIn),
  notificationEmail: config?.notificationEmail ?? '',
});

export function VccSection({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const config = useQuery(vccSettingsQuery(merchantId));
  // The form starts from the answer it was built from, kept while it holds typing (decision 0680).
  const held = useHeldAnswer(merchantId, config.data, (configs) => configs[0]?.updatedAt ?? 'none');
  // Here, not in the form: the form starts afresh from what the server saved, and the confirmation must stay.
  const [saved, setSaved] = useState(false);
  if (neverAnswered(config)) return <ReadFailure read={config} />;
  if (!held.answer) return <LoadingStatus message={t('paymentSettings.loading')} />;
  return (
    <>
      <ReadFailure read={config} />
      <VccForm key={held.key} merchantId={merchantId} current={held.answer[0]} held={held} saved={saved} setSaved={setSaved} />
    </>
  );
}

/** The inputs read as the call's body, checked by the schema the server checks with; issues land on the inputs' names. */
const bodySchema = (merchantId: string) =>
  z
    .custom<Values>()
    .transform((values): VccMerchantConfigInput => ({
      merchantId,
      enabled: values.enabled,
      channels: values.channels as VccMerchantConfig['channels'],
      chargeTiming: values.chargeTiming,
      daysBeforeCheckIn: values.chargeTiming === 'BeforeCheckIn' && values.daysBeforeCheckIn !== '' ? Number(values.daysBeforeCheckIn) : null,
      notificationEmail: values.notificationEmail,
    }))
    .pipe(VccMerchantConfigInputSchema);

interface VccFormProps {
  merchantId: string;
  current: VccMerchantConfig | undefined;
  held: HeldAnswer<VccMerchantConfig[]>;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function VccForm({ merchantId, current, held, saved, setSaved }: VccFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The newest settings, then the form built from them: after the user's own save (the form still holds
  // what was saved), and when they ask for the current settings (what they typed goes).
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.vcc(merchantId) });
    held.startOver();
  };
  const mutation = useActionMutation({
    mutationFn: (body: VccMerchantConfigInput) => saveVccSettings(body, versionOf(current?.updatedAt ?? null)),
    onSuccess: async () => {
      setSaved(true);
      await showCurrent();
    },
    meta: { errorToast: false },
  });
  const schema = useMemo(() => bodySchema(merchantId), [merchantId]);
  const form = useForm<Values, VccMerchantConfigInput>({ schema, defaultValues: valuesOf(current), serverError: mutation.error });
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  const { errors } = form.formState;
  // Messages are keys of the catalogue (the schema's and the server's alike).
  const errorOf = (key: keyof Values) => {
    const message = errors[key]?.message;
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  // Someone else saved since the form opened: nothing was saved; "show the current settings" reads them again.
  const changedMeanwhile = isChangedSince(mutation.error);
  const general = mutation.error && !changedMeanwhile && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? mutation.error.message : null;
  const unsaved = { onChange: () => setSaved(false) };
  const chargeTiming = form.watch('chargeTiming');
  const submit = form.submit((body) => mutation.send(body));

  return (
    <section aria-labelledby="vcc-title" className="flex max-w-2xl flex-col gap-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="vcc-title" className="text-lg font-semibold text-slate-900">
        {t('paymentSettings.vcc.title')}
      </h2>
      <p className="text-sm text-slate-700" data-testid="vcc-state">
        {current ? t('paymentSettings.vcc.savedAt', { at: formatDateTime(current.updatedAt) }) : t('paymentSettings.vcc.none')}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          setSaved(false);
          return submit(event);
        }}
        aria-labelledby="vcc-title"
        className="flex flex-col gap-3"
      >
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
        {changedMeanwhile || held.overtaken ? (
          <ChangedSinceNotice
            message={t(changedMeanwhile ? 'paymentSettings.vcc.validation.changedMeanwhile' : 'settings.form.changedMeanwhile')}
            onLoad={() => void showCurrent()}
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('enabled', unsaved)} />
          {t('paymentSettings.vcc.enabled')}
        </label>
        <fieldset className="flex flex-col gap-1" aria-describedby={errorOf('channels') ? 'vcc-channels-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t('paymentSettings.vcc.channels')}</legend>
          <div className="flex flex-wrap gap-3">
            {VCC_CHANNELS.map((channel) => (
              <label key={channel} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" value={channel} {...form.register('channels', unsaved)} />
                {t(`paymentSettings.vcc.channel.${channel === 'Booking.com' ? 'Booking' : channel}`)}
              </label>
            ))}
          </div>
          {errorOf('channels') ? (
            <p id="vcc-channels-error" className="text-sm text-red-800">
              {errorOf('channels')}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('paymentSettings.vcc.chargeTiming')} error={errorOf('chargeTiming')}>
            {(control) => (
              <select {...control} className={inputClass} {...form.register('chargeTiming', unsaved)}>
                {VCC_CHARGE_TIMINGS.map((timing) => (
                  <option key={timing} value={timing}>
                    {t(`paymentSettings.vcc.timing.${timing}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {chargeTiming === 'BeforeCheckIn' ? (
            <Field label={t('paymentSettings.vcc.daysBeforeCheckIn')} error={errorOf('daysBeforeCheckIn')}>
              {(control) => <input {...control} type="number" min={1} max={60} className={inputClass} {...form.register('daysBeforeCheckIn', unsaved)} />}
            </Field>
          ) : null}
        </div>
        <Field label={t('paymentSettings.vcc.notificationEmail')} description={t('paymentSettings.vcc.notificationHint')} error={errorOf('notificationEmail')}>
          {(control) => <input {...control} type="email" className={inputClass} {...form.register('notificationEmail', unsaved)} />}
        </Field>
        <div className="flex items-center gap-3">
          <Button type="submit" pending={mutation.pending}>
            {t('paymentSettings.vcc.save')}
          </Button>
          {saved ? (
            <p role="status" className="text-sm text-green-800">
              {t('paymentSettings.vcc.saved')}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
