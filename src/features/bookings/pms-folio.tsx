import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bookingEndpoints, type BookingRow } from '../../../contract/bookings';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { bookingKeys, pmsFolioQuery } from './api';

const { postPmsCharge } = bookingEndpoints;
type PmsCharge = { amountMinor: number; description: string };

/** The charges on the booking's PMS folio (spec 7 `GET pms/{id}`) and posting a new one (`POST pms`), confirmed with amount and currency. */
export function PmsFolio({ booking }: { booking: BookingRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const folio = useQuery(pmsFolioQuery(booking.id)).data;
  const [confirming, setConfirming] = useState<PmsCharge | null>(null);
  const post = useActionMutation({
    mutationFn: (charge: PmsCharge, idempotencyKey: string) =>
      call(postPmsCharge, { body: { bookingId: booking.id, currency: booking.currency, ...charge }, idempotencyKey }),
    onSuccess: () => {
      setConfirming(null);
      form.reset({ amountMinor: null, description: '' });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.folio(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.logs(booking.id) });
    },
  });
  // An empty amount or description is said at its field rather than by a greyed-out button.
  const form = useForm({
    schema: z.object({
      amountMinor: z
        .number({ message: t('forms.amount.missing') })
        .nullable()
        .refine((amount) => amount !== null, { message: t('forms.amount.missing') })
        .refine((amount) => amount === null || amount > 0, { message: t('forms.amount.notAboveZero') }),
      description: z
        .string()
        .trim()
        .min(1, { message: t('forms.pms.descriptionMissing') }),
    }),
    defaultValues: { amountMinor: null as number | null, description: '' },
  });
  if (booking.pmsIntegration === 'None') return <p className="text-sm text-slate-700">{t('bookings.pms.none')}</p>;
  const shown = formatMoney(confirming?.amountMinor ?? 0, booking.currency);
  return (
    <div className="flex flex-col gap-3">
      {!folio ? null : folio.postings.length === 0 ? (
        <p className="text-sm text-slate-700">{t('bookings.pms.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="pms-postings">
          {folio.postings.map((posting) => (
            <li key={posting.id} className="text-sm text-slate-900" data-testid="pms-posting">
              {formatDateTime(posting.at)} · {posting.description} · {formatMoney(posting.amountMinor, posting.currency)} ·{' '}
              {t(`bookings.pms.outcome.${posting.outcome}`)}
            </li>
          ))}
        </ul>
      )}
      <FormProvider {...form}>
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={t('bookings.pms.post')}
          noValidate
          onSubmit={form.submit(({ amountMinor, description }) => setConfirming({ amountMinor: amountMinor ?? 0, description }))}
        >
          <div className="w-40">
            <Controller
              control={form.control}
              name="amountMinor"
              render={({ field, fieldState }) => (
                <MoneyInput
                  label={t('bookings.pms.amount')}
                  value={field.value}
                  currency={booking.currency}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  name="pmsAmount"
                />
              )}
            />
          </div>
          <div className="w-64">
            <Field name="description" label={t('bookings.pms.description')}>
              {(control) => <input {...control} {...form.register('description')} className={inputClass} />}
            </Field>
          </div>
          <Button type="submit" size="sm" pending={post.pending}>
            {t('bookings.pms.post')}
          </Button>
        </form>
      </FormProvider>
      <ConfirmDialog
        open={confirming !== null}
        title={t('bookings.pms.confirmTitle')}
        confirmLabel={t('bookings.pms.confirm', { amount: shown })}
        tone="danger"
        pending={post.pending}
        onConfirm={() => confirming && post.act(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {t('bookings.pms.confirmText', {
          amount: shown,
          currency: booking.currency,
          pms: t(`bookings.pmsIntegration.${booking.pmsIntegration}`),
          reference: booking.reference,
        })}
      </ConfirmDialog>
    </div>
  );
}
