import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FEE_MODEL_NEEDS, FEE_MODELS, NewFeeScheduleSchema, type FeeModel, type FeeSchedule, type NewFeeSchedule } from '../../../../contract/fees';
import { formatDate, formatMoney, parseDecimal } from '../../../lib/format';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { Button } from '../../../components/form/button';
import { Field, inputClass } from '../../../components/form/field';
import { fieldErrorsOf } from '../../../components/form/problem-errors';
import { useForm } from '../../../components/form/use-form';
import { MoneyInput } from '../../../components/form/money-input';
import { createFeeSchedule, feeHistoryQuery, feeKeys } from './fee-api';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';
import { LoadingStatus } from '../../../components/loading-status/loading-status';
import { SidewaysScroll } from '../../../components/sideways-scroll/sideways-scroll';

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
  if (neverAnswered(history)) return <ReadFailure read={history} />;
  if (!history.data) return <LoadingStatus message={t('fees.loading')} />;
  const { current, schedules, currency, merchantName } = history.data;
  return (
    <section aria-label={heading ?? merchantName} className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{heading ?? merchantName}</h2>
      <ReadFailure read={history} />
      <p data-testid="current-fee" className="text-sm text-slate-800">
        {current
          ? t('fees.currentIs', { model: t(`fees.models.${current.feeModel}`), terms: describeSchedule(t, current), from: formatDate(current.validFrom) })
          : t('fees.noCurrent')}
      </p>
      {schedules.length > 0 ? (
        <SidewaysScroll>
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
        </SidewaysScroll>
      ) : null}
      {canEdit ? <NewScheduleForm merchantId={merchantId} currency={currency} /> : null}
    </section>
  );
}

/** What the inputs hold: the percentage as typed, the fixed amount in minor units or nothing yet. */
interface Draft {
  feeModel: FeeModel;
  percentage: string;
  fixedAmountMinor: number | null;
  validFrom: string;
}

/** The inputs read as the new schedule, checked by the schema the server checks with. */
const draftSchema = (merchantId: string) =>
  z
    .custom<Draft>()
    .transform((draft): NewFeeSchedule => ({
      merchantId,
      feeModel: draft.feeModel,
      // Not a number (letters, "1e2") goes to the schema as NaN, which it refuses at the field.
      percentage: draft.percentage.trim() === '' ? 0 : (parseDecimal(draft.percentage) ?? Number.NaN),
      fixedAmountMinor: draft.fixedAmountMinor ?? 0,
      validFrom: draft.validFrom,
    }))
    .pipe(NewFeeScheduleSchema);

function NewScheduleForm({ merchantId, currency }: { merchantId: string; currency: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const mutation = useActionMutation({
    mutationFn: (body: NewFeeSchedule) => createFeeSchedule(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(feeKeys.history(merchantId), answer);
      setSaved(true);
      form.setValue('percentage', '');
      form.setValue('fixedAmountMinor', null);
    },
    meta: { errorToast: false },
  });
  const schema = useMemo(() => draftSchema(merchantId), [merchantId]);
  const form = useForm<Draft, NewFeeSchedule>({
    schema,
    defaultValues: { feeModel: 'Blended', percentage: '', fixedAmountMinor: null, validFrom: today() },
    serverError: mutation.error,
  });
  const { errors } = form.formState;
  // Messages are keys of the catalogue (the schema's and the server's alike).
  const errorOf = (key: keyof Draft) => {
    const message = errors[key]?.message;
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  const general = mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? mutation.error.message : null;
  const needs = FEE_MODEL_NEEDS[form.watch('feeModel')];
  // A change answers the server's objection (a day already taken): its message goes until the next save.
  const edited = { onChange: () => mutation.error && mutation.reset() };
  const submit = form.submit((body) => mutation.send(body));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        return submit(event);
      }}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
      aria-label={t('fees.newSchedule')}
    >
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
            <select {...control} className={inputClass} {...form.register('feeModel', edited)}>
              {FEE_MODELS.map((model) => (
                <option key={model} value={model}>
                  {t(`fees.models.${model}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('fees.fields.validFrom')} required error={errorOf('validFrom')}>
          {(control) => <input {...control} type="date" min={today()} className={inputClass} {...form.register('validFrom', edited)} />}
        </Field>
        <Field label={t('fees.fields.percentage')} description={t(`fees.needs.${needs}`)} required={needs === 'percentage'} error={errorOf('percentage')}>
          {(control) => <input {...control} inputMode="decimal" className={inputClass} {...form.register('percentage', edited)} />}
        </Field>
        <Controller
          control={form.control}
          name="fixedAmountMinor"
          render={({ field }) => (
            <MoneyInput
              label={t('fees.fields.fixedAmount')}
              currency={currency}
              value={field.value}
              onChange={(minor) => {
                field.onChange(minor);
                edited.onChange();
              }}
              required={needs === 'fixed'}
              error={errorOf('fixedAmountMinor')}
            />
          )}
        />
      </div>
      <div>
        <Button type="submit" pending={mutation.pending}>
          {t('fees.save')}
        </Button>
      </div>
    </form>
  );
}
