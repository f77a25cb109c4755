import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentEndpoints, type OrderDetail } from '../../../contract/payments';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { orderKeys } from './api';
import { AuthorizeAction } from './authorize-action';
import { RefundRequestAction } from './refund-request-dialog';

const { captureAuthorization, voidAuthorization, cancelOrder, updateReferenceNo } = paymentEndpoints;
const buttonClass = 'rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50';

type Confirming = null | 'capture' | 'void' | 'cancel';

/**
 * The actions the order payment machine and the caller's grants allow now (the server's
 * `allowedActions`; decision 0205). Money actions are confirmed with amount and currency first and
 * each confirmation is one intent with its own idempotency key.
 */
export function OrderActions({ order, merchantId }: { order: OrderDetail; merchantId: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [captureAmount, setCaptureAmount] = useState<number | null>(order.openAuthorizationMinor);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [reference, setReference] = useState(order.referenceNo);
  const onSuccess = (detail: OrderDetail) => {
    queryClient.setQueryData(orderKeys.detail(order.id, merchantId), detail);
    void queryClient.invalidateQueries({ queryKey: orderKeys.searches });
    setConfirming(null);
    setCaptureAmount(detail.openAuthorizationMinor);
    setReason('');
    setReasonMissing(false);
  };
  /** Every action says what it did, in the user's terms (issue 34): the figures changing is not enough. */
  const said = (words: (detail: OrderDetail) => string) => (detail: OrderDetail) => {
    onSuccess(detail);
    notify(words(detail));
  };
  const capture = useActionMutation({
    mutationFn: (amountMinor: number, idempotencyKey: string) =>
      call(captureAuthorization, { body: { orderId: order.id, amountMinor, currency: order.currency }, merchantId, idempotencyKey }),
    onSuccess: (detail, { variables }) => said(() => t('transactions.said.captured', { amount: formatMoney(variables, order.currency) }))(detail),
  });
  const voidRest = useActionMutation({
    mutationFn: (_: void, idempotencyKey: string) => call(voidAuthorization, { body: { orderId: order.id }, merchantId, idempotencyKey }),
    onSuccess: (detail) => said(() => t('transactions.said.voided', { amount: formatMoney(detail.voidedMinor - order.voidedMinor, order.currency) }))(detail),
  });
  const cancel = useActionMutation({
    mutationFn: (text: string, idempotencyKey: string) => call(cancelOrder, { params: { id: order.id }, body: { reason: text }, merchantId, idempotencyKey }),
    onSuccess: said(() => t('transactions.said.cancelled', { id: order.id })),
  });
  const saveReference = useActionMutation({
    mutationFn: (referenceNo: string) => call(updateReferenceNo, { body: { orderId: order.id, referenceNo }, merchantId }),
    onSuccess: said((detail) => t('transactions.said.referenceChanged', { reference: detail.referenceNo })),
  });

  const allowed = new Set(order.allowedActions);
  if (allowed.size === 0) return null;
  const open = order.openAuthorizationMinor;
  const captureError =
    captureAmount !== null && captureAmount > open ? t('transactions.info.captureTooMuch', { amount: formatMoney(open, order.currency) }) : undefined;
  const canCapture = captureAmount !== null && captureAmount > 0 && !captureError;
  const close = () => {
    setConfirming(null);
    setReasonMissing(false);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="order-actions">
      <RefundRequestAction order={order} merchantId={merchantId} />
      {allowed.has('authorize') ? <AuthorizeAction order={order} merchantId={merchantId} buttonClass={buttonClass} onSuccess={onSuccess} /> : null}
      {allowed.has('capture') ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (canCapture) setConfirming('capture');
          }}
        >
          <div className="w-48">
            <MoneyInput
              label={t('transactions.info.captureAmount')}
              value={captureAmount}
              currency={order.currency}
              onChange={setCaptureAmount}
              error={captureError}
              name="captureAmount"
            />
          </div>
          <MutationButton type="submit" className={buttonClass} pending={capture.pending} disabled={!canCapture}>
            {t('transactions.info.capture')}
          </MutationButton>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {allowed.has('void') ? (
          <MutationButton className={buttonClass} pending={voidRest.pending} onClick={() => setConfirming('void')}>
            {t('transactions.info.void')}
          </MutationButton>
        ) : null}
        {allowed.has('cancel') ? (
          <MutationButton
            className="rounded bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
            pending={cancel.pending}
            onClick={() => setConfirming('cancel')}
          >
            {t('transactions.info.cancel')}
          </MutationButton>
        ) : null}
      </div>
      {allowed.has('updateReferenceNo') ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reference.trim() && reference.trim() !== order.referenceNo) saveReference.act(reference.trim());
          }}
        >
          <div className="w-64">
            <Field label={t('transactions.info.referenceNo')}>
              {(control) => (
                <input {...control} name="referenceNo" value={reference} onChange={(event) => setReference(event.target.value)} className={inputClass} />
              )}
            </Field>
          </div>
          <MutationButton
            type="submit"
            className={buttonClass}
            pending={saveReference.pending}
            disabled={!reference.trim() || reference.trim() === order.referenceNo}
          >
            {t('transactions.info.saveReference')}
          </MutationButton>
        </form>
      ) : null}

      <ConfirmDialog
        open={confirming === 'capture'}
        title={t('transactions.info.captureConfirmTitle')}
        confirmLabel={t('transactions.info.captureConfirm', { amount: formatMoney(captureAmount ?? 0, order.currency) })}
        tone="danger"
        pending={capture.pending}
        onConfirm={() => captureAmount !== null && capture.act(captureAmount)}
        onCancel={close}
      >
        {t('transactions.info.captureConfirmText', {
          amount: formatMoney(captureAmount ?? 0, order.currency),
          currency: order.currency,
          open: formatMoney(open, order.currency),
        })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'void'}
        title={t('transactions.info.voidConfirmTitle')}
        confirmLabel={t('transactions.info.voidConfirm', { amount: formatMoney(open, order.currency) })}
        tone="danger"
        pending={voidRest.pending}
        onConfirm={() => voidRest.act()}
        onCancel={close}
      >
        {t('transactions.info.voidConfirmText', { amount: formatMoney(open, order.currency), currency: order.currency })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('transactions.info.cancelConfirmTitle')}
        confirmLabel={t('transactions.info.cancelConfirm')}
        cancelLabel={t('transactions.said.keepOrder')}
        tone="danger"
        pending={cancel.pending}
        onConfirm={() => {
          // An empty reason is said at the field; the order stays as it is.
          if (!reason.trim()) return setReasonMissing(true);
          cancel.act(reason.trim());
        }}
        onCancel={close}
      >
        <p className="mb-3">
          {open > 0
            ? t('transactions.info.cancelConfirmTextOpen', { amount: formatMoney(open, order.currency), currency: order.currency })
            : t('transactions.info.cancelConfirmText')}
        </p>
        <Field label={t('transactions.info.cancelReason')} required error={reasonMissing ? t('transactions.said.reasonMissing') : undefined}>
          {(control) => (
            <textarea
              {...control}
              name="cancelReason"
              rows={3}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonMissing(false);
              }}
              className={inputClass}
            />
          )}
        </Field>
      </ConfirmDialog>
    </div>
  );
}
