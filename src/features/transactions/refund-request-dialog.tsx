import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { OrderDetail } from '../../../contract/payments';
import { refundEndpoints, type RefundRequestRow } from '../../../contract/refunds';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useCapabilities } from '../../lib/capabilities';
import { useActionMutation } from '../../lib/use-action-mutation';

// "Request refund" on transaction info (issue 16, decision 0230): the order's refunds so far and a
// dialog asking amount, reason and note. The server decides from the rules whether it needs
// approval and refuses more than is refundable; the confirmation screen says what happens next.
// What may still be refunded is the server's figure (`refundableMinor` on the order detail), the
// same one it checks a request against.
const { searchRefundRequests, createRefundRequest } = refundEndpoints;

export function RefundRequestAction({ order, merchantId }: { order: OrderDetail; merchantId: string | undefined }) {
  const { t } = useTranslation();
  // The server's answer for this order's property: an Inactive one still refunds what it took (decision 0410).
  const mayRequest = useCapabilities(merchantId ?? order.merchantId).may(refundEndpoints.createRefundRequest);
  const refundable = order.refundableMinor;
  const refunds = useQuery({
    queryKey: ['refunds', 'search', 'order', order.id],
    queryFn: ({ signal }) =>
      call(searchRefundRequests, { body: { filters: { orderId: order.id }, pagination: { page: 0, pageSize: 100 } }, merchantId, signal }),
    enabled: mayRequest,
  });
  const [open, setOpen] = useState(false);
  const rows = refunds.data?.items ?? [];
  // Shown while something may be refunded, or to list the refunds an order has had.
  if (!mayRequest || (refundable <= 0 && rows.length === 0)) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="order-refunds">
      <h3 className="text-sm font-medium text-slate-800">{t('refunds.request.list')}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('refunds.request.none')}</p>
      ) : (
        <ul className="text-sm" aria-label={t('refunds.request.list')}>
          {rows.map((row: RefundRequestRow) => (
            <li key={row.id} data-testid="order-refund">
              {t('refunds.request.row', {
                amount: formatMoney(row.amountMinor, row.currency),
                approval: t(`refunds.approvalStatus.${row.approvalStatus}`),
                state: t(`refunds.state.${row.state}`),
              })}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
          disabled={refundable <= 0 || refunds.isPending}
          onClick={() => setOpen(true)}
        >
          {t('refunds.request.action')}
        </button>
      </div>
      {open ? <RefundRequestDialog order={order} merchantId={merchantId} refundable={refundable} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function RefundRequestDialog(props: { order: OrderDetail; merchantId: string | undefined; refundable: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { order } = props;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [amount, setAmount] = useState<number | null>(props.refundable);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const request = useActionMutation({
    mutationFn: (_: void, idempotencyKey: string) =>
      call(createRefundRequest, {
        body: {
          merchantId: order.merchantId,
          orderId: order.id,
          amountMinor: amount ?? 0,
          currency: order.currency,
          reason: reason.trim(),
          note: note.trim() || undefined,
        },
        merchantId: props.merchantId,
        idempotencyKey,
      }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['refunds'] });
      // The order's refundable amount now counts this request.
      void queryClient.invalidateQueries({ queryKey: ['orders', 'detail', order.id] });
      navigate(`/refund-management/refund-submitted?id=${created.id}`);
    },
  });
  const tooMuch =
    amount !== null && amount > props.refundable ? t('refunds.request.tooMuch', { amount: formatMoney(props.refundable, order.currency) }) : undefined;
  const valid = amount !== null && amount > 0 && !tooMuch && reason.trim().length >= 3;
  return (
    <Dialog open onClose={() => (request.pending ? undefined : props.onClose())} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded bg-white p-5 shadow-xl" data-testid="refund-request-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('refunds.request.title')}</DialogTitle>
          <form
            className="mt-3 flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (valid) request.act();
            }}
          >
            <p className="text-sm text-slate-700">
              {props.refundable > 0
                ? t('refunds.request.refundable', { amount: formatMoney(props.refundable, order.currency) })
                : t('refunds.request.nothingLeft')}
            </p>
            <MoneyInput
              label={t('refunds.request.amount')}
              value={amount}
              currency={order.currency}
              onChange={setAmount}
              error={tooMuch}
              name="refundAmount"
              required
            />
            <Field label={t('refunds.request.reason')} required>
              {(control) => (
                <input
                  {...control}
                  name="refundReason"
                  value={reason}
                  maxLength={500}
                  onChange={(event) => setReason(event.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label={t('refunds.request.note')}>
              {(control) => (
                <textarea
                  {...control}
                  name="refundNote"
                  rows={3}
                  value={note}
                  maxLength={2000}
                  onChange={(event) => setNote(event.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" disabled={request.pending} onClick={props.onClose}>
                {t('common.cancel')}
              </button>
              <MutationButton
                type="submit"
                className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
                pending={request.pending}
                disabled={!valid}
              >
                {t('refunds.request.submit')}
              </MutationButton>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
