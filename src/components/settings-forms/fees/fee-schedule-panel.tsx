import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEE_MODEL_NEEDS, FEE_MODELS, NewFeeScheduleSchema, type FeeModel, type FeeSchedule } from '../../../../contract/fees';
import { ResponseError } from '../../../lib/failure-message';
import { formatDate, formatMoney, parseDecimal } from '../../../lib/format';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Field, inputClass } from '../../form/field';
import { MoneyInput } from '../../form/money-input';
import { createFeeSchedule, feeHistoryQuery, feeKeys } from './fee-api';

// One merchant's fees: the schedule in force, the history with effective dates, and (for those who
// may set fees) a form for the next schedule. The merchant and property fee pages and
// /fee-management all show this panel, so they read and write the same data.

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function describeSchedule(t: (key: string, options?: Record<string, unknown>) => string, schedule: FeeSchedule): string {
  const parts: string[] = [];
  if (schedule.percentage > 0) parts.push(t('fees.percentOf', { percentage: schedule.percentage }));
  if (schedule.fixedAmountMinor > 0) parts.push(t('fees.perTransaction', { amount: formatMoney(schedule.fixedAmountMinor, schedule.currency) }));
  return parts.join(' + ') || t('fees.nothing');
}

export function FeeSchedulePanel({ merchantId, canEdit, heading }: { merchantId: string; canEdit: boolean; heading?: string }) {
  const { t } = useTranslation();
  const history = useQuery(feeHistoryQuery(merchantId));
  if (history.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {history.error.message}
      </p>
    );
  if (!history.data) return <p className="text-sm text-slate-600">{t('fees.loading')}</p>;
  const { current, schedules, currency, merchantName } = history.data;
  return (
    <section aria-label={heading ?? merchantName} className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{heading ?? merchantName}</h2>
      <p data-testid="current-fee" className="text-sm text-slate-800">
        {current
          ? t('fees.currentIs', { model: t(`fees.models.${current.feeModel}`), terms: describeSchedule(t, current), from: formatDate(current.validFrom) })
          : t('fees.noCurrent')}
      </p>
      {schedules.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="text-left text-xs font-semibold text-slate-700">{t('fees.history')}</caption>
            <thead>
              <tr className="text-left text-slate-700">
                <th className="py-1">{t('fees.columns.model')}</th>
                <th className="py-1">{t('fees.columns.terms')}</th>
                <th className="py-1">{t('fees.columns.from')}</th>
                <th className="py-1">{t('fees.columns.until')}</th>
              </tr>
            </thead>
            <tbody>
              {schedules.map((schedule) => (
                <tr key={schedule.feeId} className="border-t border-slate-100">
                  <td className="py-1">{t(`fees.models.${schedule.feeModel}`)}</td>
                  <td className="py-1">{describeSchedule(t, schedule)}</td>
                  <td className="py-1 whitespace-nowrap">{formatDate(schedule.validFrom)}</td>
                  <td className="py-1 whitespace-nowrap">{schedule.validUntil ? formatDate(schedule.validUntil) : t('fees.openEnded')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canEdit ? <NewScheduleForm merchantId={merchantId} currency={currency} /> : null}
    </section>
  );
}

function serverErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ResponseError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
}

function NewScheduleForm({ merchantId, currency }: { merchantId: string; currency: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [feeModel, setFeeModel] = useState<FeeModel>('Blended');
  const [percentage, setPercentage] = useState('');
  const [fixed, setFixed] = useState<number | null>(null);
  const [validFrom, setValidFrom] = useState(today());
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const body = () => ({
    merchantId,
    feeModel,
    // Not a number (letters, "1e2") goes to the schema as NaN, which it refuses at the field.
    percentage: percentage.trim() === '' ? 0 : (parseDecimal(percentage) ?? Number.NaN),
    fixedAmountMinor: fixed ?? 0,
    validFrom,
  });
  const mutation = useActionMutation({
    mutationFn: () => createFeeSchedule(body()),
    onSuccess: (answer) => {
      queryClient.setQueryData(feeKeys.history(merchantId), answer);
      setSaved(true);
      setPercentage('');
      setFixed(null);
    },
    meta: { errorToast: false },
  });
  const errors = { ...serverErrors(mutation.error), ...clientErrors };
  const errorOf = (key: string) => (errors[key]?.[0] ? t(errors[key][0], { defaultValue: errors[key][0] }) : undefined);
  const general = mutation.error && Object.keys(serverErrors(mutation.error)).length === 0 ? mutation.error.message : null;
  const needs = FEE_MODEL_NEEDS[feeModel];
  // A change answers the server's objection (a day already taken): its message goes until the next save.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (mutation.error) mutation.reset();
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = NewFeeScheduleSchema.safeParse(body());
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    mutation.act();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-200 pt-3" aria-label={t('fees.newSchedule')}>
      <h3 className="text-sm font-semibold text-slate-900">{t('fees.newSchedule')}</h3>
      {general ? (
        <p role="alert" className="text-sm text-red-800">
          {general}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          {t('fees.saved')}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('fees.fields.model')} required error={errorOf('feeModel')}>
          {(control) => (
            <select {...control} className={inputClass} value={feeModel} onChange={(event) => edited(setFeeModel)(event.target.value as FeeModel)}>
              {FEE_MODELS.map((model) => (
                <option key={model} value={model}>
                  {t(`fees.models.${model}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('fees.fields.validFrom')} required error={errorOf('validFrom')}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={today()}
              className={inputClass}
              value={validFrom}
              onChange={(event) => edited(setValidFrom)(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('fees.fields.percentage')} description={t(`fees.needs.${needs}`)} required={needs === 'percentage'} error={errorOf('percentage')}>
          {(control) => (
            <input {...control} inputMode="decimal" className={inputClass} value={percentage} onChange={(event) => edited(setPercentage)(event.target.value)} />
          )}
        </Field>
        <MoneyInput
          label={t('fees.fields.fixedAmount')}
          currency={currency}
          value={fixed}
          onChange={edited(setFixed)}
          required={needs === 'fixed'}
          error={errorOf('fixedAmountMinor')}
        />
      </div>
      <div>
        <button
          type="submit"
          disabled={mutation.pending}
          aria-busy={mutation.pending}
          className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
        >
          {t('fees.save')}
        </button>
      </div>
    </form>
  );
}
