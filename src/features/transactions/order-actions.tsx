import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentEndpoints, type OrderDetail } from '../../../contract/transaction-payments';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { FormDialog } from '../../components/form/form-dialog';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { orderKeys } from './api';
import { AuthorizeAction } from './authorize-action';
import { amountSchema, cancelSchema, referenceSchema, type AmountValues } from './order-action-schemas';
import { RefundRequestAction } from './refund-request-dialog';

const { captureAuthorization, voidAuthorization, cancelOrder, updateReferenceNo } = paymentEndpoints;

type Confirming = null | { kind: 'capture'; amountMinor: number } | { kind: 'void' } | { kind: 'cancel' };

/**
 * The actions the order payment machine and the caller's grants allow now (the server's
 * `allowedActions`; decision 0205). Money actions are confirmed with amount and currency first and
 * each confirmation is one intent with its own idempotency key. Each form says what is wrong at its
 * field instead of disabling its button, and each action says what it did (issue 34).
 */
export function OrderActions({ order, merchantId }: { order: OrderDetail; merchantId: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const open = order.openAuthorizationMinor;
  const captureForm = useForm<AmountValues>({
    schema: amountSchema(t, open, order.currency, 'forms.transactions.captureTooMuch'),
    defaultValues: { amountMinor: open },
  });
  const cancelForm = useForm({ schema: cancelSchema(t), defaultValues: { reason: '' } });
  const onSuccess = (detail: OrderDetail) => {
    queryClient.setQueryData(orderKeys.detail(order.id, merchantId), detail);
    void queryClient.invalidateQueries({ queryKey: orderKeys.searches });
    setConfirming(null);
    captureForm.reset({ amountMinor: detail.openAuthorizationMinor });
    cancelForm.reset({ reason: '' });
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

  const allowed = new Set(order.allowedActions);
  if (allowed.size === 0) return null;
  const close = () => {
    setConfirming(null);
    cancelForm.clearErrors();
  };
  const captureAmount = confirming?.kind === 'capture' ? confirming.amountMinor : 0;

  return (
    <div className="flex flex-col gap-4" data-testid="order-actions">
      <RefundRequestAction order={order} merchantId={merchantId} />
      {allowed.has('authorize') ? <AuthorizeAction order={order} merchantId={merchantId} onSuccess={onSuccess} /> : null}
      {allowed.has('capture') ? (
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={captureForm.submit(({ amountMinor }) => setConfirming({ kind: 'capture', amountMinor: amountMinor ?? 0 }))}
        >
          <div className="w-48">
            <Controller
              control={captureForm.control}
              name="amountMinor"
              render={({ field, fieldState }) => (
                <MoneyInput
                  label={t('transactions.info.captureAmount')}
                  value={field.value}
                  currency={order.currency}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  name="captureAmount"
                />
              )}
            />
          </div>
          <Button type="submit" size="sm" pending={capture.pending}>
            {t('transactions.info.capture')}
          </Button>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {allowed.has('void') ? (
          <Button size="sm" pending={voidRest.pending} onClick={() => setConfirming({ kind: 'void' })}>
            {t('transactions.info.void')}
          </Button>
        ) : null}
        {allowed.has('cancel') ? (
          <Button variant="danger" size="sm" pending={cancel.pending} onClick={() => setConfirming({ kind: 'cancel' })}>
            {t('transactions.info.cancel')}
          </Button>
        ) : null}
      </div>
      {allowed.has('updateReferenceNo') ? <ReferenceForm order={order} merchantId={merchantId} onSaved={said} /> : null}

      <ConfirmDialog
        open={confirming?.kind === 'capture'}
        title={t('transactions.info.captureConfirmTitle')}
        confirmLabel={t('transactions.info.captureConfirm', { amount: formatMoney(captureAmount, order.currency) })}
        tone="danger"
        pending={capture.pending}
        onConfirm={() => capture.act(captureAmount)}
        onCancel={close}
      >
        {t('transactions.info.captureConfirmText', {
          amount: formatMoney(captureAmount, order.currency),
          currency: order.currency,
          open: formatMoney(open, order.currency),
        })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === 'void'}
        title={t('transactions.info.voidConfirmTitle')}
        confirmLabel={t('transactions.info.voidConfirm', { amount: formatMoney(open, order.currency) })}
        tone="danger"
        pending={voidRest.pending}
        onConfirm={() => voidRest.act()}
        onCancel={close}
      >
        {t('transactions.info.voidConfirmText', { amount: formatMoney(open, order.currency), currency: order.currency })}
      </ConfirmDialog>
      <FormProvider {...cancelForm}>
        <FormDialog
          open={confirming?.kind === 'cancel'}
          title={t('transactions.info.cancelConfirmTitle')}
          description={
            open > 0
              ? t('transactions.info.cancelConfirmTextOpen', { amount: formatMoney(open, order.currency), currency: order.currency })
              : t('transactions.info.cancelConfirmText')
          }
          confirmLabel={t('transactions.info.cancelConfirm')}
          // Named by what it keeps: "Cancel" beside "Cancel order" read as the same thing (issue 34).
          cancelLabel={t('transactions.said.keepOrder')}
          tone="danger"
          pending={cancel.pending}
          // An empty reason is said at the field; nothing is sent.
          onSubmit={cancelForm.submit(({ reason }) => cancel.send(reason))}
          onCancel={close}
          focusCancel
        >
          <Field name="reason" label={t('transactions.info.cancelReason')} required>
            {(control) => <textarea {...control} {...cancelForm.register('reason')} rows={3} className={inputClass} />}
          </Field>
        </FormDialog>
      </FormProvider>
    </div>
  );
}

/** The order's reference number (spec 7): a new one is saved and said; an empty or unchanged one is said at the field. */
function ReferenceForm({
  order,
  merchantId,
  onSaved,
}: {
  order: OrderDetail;
  merchantId: string | undefined;
  onSaved: (words: (detail: OrderDetail) => string) => (detail: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const save = useActionMutation({
    mutationFn: (referenceNo: string) => call(updateReferenceNo, { body: { orderId: order.id, referenceNo }, merchantId }),
    onSuccess: onSaved((detail) => t('transactions.said.referenceChanged', { reference: detail.referenceNo })),
  });
  const form = useForm({ schema: referenceSchema(t, order.referenceNo), defaultValues: { referenceNo: order.referenceNo }, serverError: save.error });
  return (
    <FormProvider {...form}>
      <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={form.submit(({ referenceNo }) => save.send(referenceNo))}>
        <div className="w-64">
          <Field name="referenceNo" label={t('transactions.info.referenceNo')}>
            {(control) => <input {...control} {...form.register('referenceNo')} className={inputClass} />}
          </Field>
        </div>
        <Button type="submit" size="sm" pending={save.pending}>
          {t('transactions.info.saveReference')}
        </Button>
      </form>
    </FormProvider>
  );
}
