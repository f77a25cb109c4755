import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VCC_CHANNELS, VCC_CHARGE_TIMINGS, VccMerchantConfigInputSchema, type VccMerchantConfig } from '../../../contract/merchant-config';
import { versionOf } from '../../../contract/versions';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { Field, inputClass } from '../../components/form/field';
import { isChangedSince, ResponseError } from '../../lib/failure-message';
import { formatDateTime } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { paymentSettingsKeys, saveVccConfig, vccConfigQuery } from './api';

// Spec 7 `vcc-merchant-configs` on the property's payment settings page (decision 0295: the spec names no screen).

type Values = { enabled: boolean; channels: string[]; chargeTiming: VccMerchantConfig['chargeTiming']; daysBeforeCheckIn: string; notificationEmail: string };

const valuesOf = (config: VccMerchantConfig | undefined): Values => ({
  enabled: config?.enabled ?? false,
  channels: config?.channels ?? [],
  chargeTiming: config?.chargeTiming ?? 'OnCheckIn',
  daysBeforeCheckIn: config?.daysBeforeCheckIn === null || config?.daysBeforeCheckIn === undefined ? '' : String(config.daysBeforeCheckIn),
  notificationEmail: config?.notificationEmail ?? '',
});

function fieldErrors(error: unknown): Record<string, string[]> {
  const errors = error instanceof ResponseError ? (error.body as { errors?: unknown } | undefined)?.errors : undefined;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
}

export function VccConfigSection({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const config = useQuery(vccConfigQuery(merchantId));
  // Here, not in the form: the form starts afresh from what the server saved, and the confirmation must stay.
  const [saved, setSaved] = useState(false);
  if (config.isError) return <p role="alert">{config.error.message}</p>;
  if (!config.data) return <p className="text-sm text-slate-600">{t('paymentSettings.loading')}</p>;
  const current = config.data[0];
  return <VccForm key={current?.updatedAt ?? 'none'} merchantId={merchantId} current={current} saved={saved} setSaved={setSaved} />;
}

function VccForm(props: { merchantId: string; current: VccMerchantConfig | undefined; saved: boolean; setSaved: (saved: boolean) => void }) {
  const { merchantId, current, saved, setSaved } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(valuesOf(current));
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const body = () => ({
    merchantId,
    enabled: values.enabled,
    channels: values.channels as VccMerchantConfig['channels'],
    chargeTiming: values.chargeTiming,
    daysBeforeCheckIn: values.chargeTiming === 'BeforeCheckIn' && values.daysBeforeCheckIn !== '' ? Number(values.daysBeforeCheckIn) : null,
    notificationEmail: values.notificationEmail,
  });
  const mutation = useActionMutation({
    mutationFn: () => saveVccConfig(body(), versionOf(current?.updatedAt ?? null)),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.vcc(merchantId) });
    },
    meta: { errorToast: false },
  });
  const errors = { ...clientErrors, ...fieldErrors(mutation.error) };
  const errorOf = (key: string) => (errors[key]?.[0] ? t(errors[key][0], { defaultValue: errors[key][0] }) : undefined);
  // Someone else saved since the form opened: nothing was saved; "show the current settings" reads them again.
  const changedMeanwhile = isChangedSince(mutation.error);
  const general = mutation.error && !changedMeanwhile && Object.keys(fieldErrors(mutation.error)).length === 0 ? mutation.error.message : null;
  const change = (next: Partial<Values>) => (setSaved(false), setValues((currentValues) => ({ ...currentValues, ...next })));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = VccMerchantConfigInputSchema.safeParse(body());
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    mutation.act();
  };

  return (
    <section aria-labelledby="vcc-title" className="flex max-w-2xl flex-col gap-3 rounded border border-slate-200 bg-white p-4">
      <h2 id="vcc-title" className="text-lg font-semibold text-slate-900">
        {t('paymentSettings.vcc.title')}
      </h2>
      <p className="text-sm text-slate-700" data-testid="vcc-state">
        {current ? t('paymentSettings.vcc.savedAt', { at: formatDateTime(current.updatedAt) }) : t('paymentSettings.vcc.none')}
      </p>
      <form noValidate onSubmit={submit} aria-labelledby="vcc-title" className="flex flex-col gap-3">
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
        {changedMeanwhile ? (
          <ChangedSinceNotice
            message={t('paymentSettings.vcc.validation.changedMeanwhile')}
            onLoad={() => void queryClient.invalidateQueries({ queryKey: paymentSettingsKeys.vcc(merchantId) })}
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
          {t('paymentSettings.vcc.enabled')}
        </label>
        <fieldset className="flex flex-col gap-1" aria-describedby={errorOf('channels') ? 'vcc-channels-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t('paymentSettings.vcc.channels')}</legend>
          <div className="flex flex-wrap gap-3">
            {VCC_CHANNELS.map((channel) => (
              <label key={channel} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={values.channels.includes(channel)}
                  onChange={() =>
                    change({
                      channels: values.channels.includes(channel) ? values.channels.filter((entry) => entry !== channel) : [...values.channels, channel],
                    })
                  }
                />
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
              <select
                {...control}
                className={inputClass}
                value={values.chargeTiming}
                onChange={(event) => change({ chargeTiming: event.target.value as Values['chargeTiming'] })}
              >
                {VCC_CHARGE_TIMINGS.map((timing) => (
                  <option key={timing} value={timing}>
                    {t(`paymentSettings.vcc.timing.${timing}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {values.chargeTiming === 'BeforeCheckIn' ? (
            <Field label={t('paymentSettings.vcc.daysBeforeCheckIn')} error={errorOf('daysBeforeCheckIn')}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={60}
                  className={inputClass}
                  value={values.daysBeforeCheckIn}
                  onChange={(event) => change({ daysBeforeCheckIn: event.target.value })}
                />
              )}
            </Field>
          ) : null}
        </div>
        <Field label={t('paymentSettings.vcc.notificationEmail')} description={t('paymentSettings.vcc.notificationHint')} error={errorOf('notificationEmail')}>
          {(control) => (
            <input
              {...control}
              type="email"
              className={inputClass}
              value={values.notificationEmail}
              onChange={(event) => change({ notificationEmail: event.target.value })}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={mutation.pending}
            aria-busy={mutation.pending}
            className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
          >
            {t('paymentSettings.vcc.save')}
          </button>
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
