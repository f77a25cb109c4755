import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingEndpoints, type BookingRow } from '../../../contract/bookings';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useActionMutation } from '../../lib/use-action-mutation';
import { bookingKeys, pmsFolioQuery } from './api';

const { postPmsCharge } = bookingEndpoints;
const buttonClass = 'rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50';

/** The charges on the booking's PMS folio (spec 7 `GET pms/{id}`) and posting a new one (`POST pms`), confirmed with amount and currency. */
export function PmsFolio({ booking }: { booking: BookingRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const folio = useQuery(pmsFolioQuery(booking.id)).data;
  const [amount, setAmount] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [confirming, setConfirming] = useState(false);
  const post = useActionMutation({
    mutationFn: (charge: { amountMinor: number; description: string }, idempotencyKey: string) =>
      call(postPmsCharge, { body: { bookingId: booking.id, currency: booking.currency, ...charge }, idempotencyKey }),
    onSuccess: () => {
      setConfirming(false);
      setAmount(null);
      setDescription('');
      void queryClient.invalidateQueries({ queryKey: bookingKeys.folio(booking.id) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.logs(booking.id) });
    },
  });
  if (booking.pmsIntegration === 'None') return <p className="text-sm text-slate-700">{t('bookings.pms.none')}</p>;
  const canPost = amount !== null && amount > 0 && description.trim().length > 0;
  const shown = formatMoney(amount ?? 0, booking.currency);
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
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label={t('bookings.pms.post')}
        onSubmit={(event) => {
          event.preventDefault();
          if (canPost) setConfirming(true);
        }}
      >
        <div className="w-40">
          <MoneyInput label={t('bookings.pms.amount')} value={amount} currency={booking.currency} onChange={setAmount} name="pmsAmount" />
        </div>
        <div className="w-64">
          <Field label={t('bookings.pms.description')}>
            {(control) => <input {...control} value={description} onChange={(event) => setDescription(event.target.value)} className={inputClass} />}
          </Field>
        </div>
        <MutationButton type="submit" className={buttonClass} pending={post.pending} disabled={!canPost}>
          {t('bookings.pms.post')}
        </MutationButton>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('bookings.pms.confirmTitle')}
        confirmLabel={t('bookings.pms.confirm', { amount: shown })}
        tone="danger"
        pending={post.pending}
        onConfirm={() => amount !== null && post.act({ amountMinor: amount, description: description.trim() })}
        onCancel={() => setConfirming(false)}
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
