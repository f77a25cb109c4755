import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { OrderDetail } from '../../../contract/transaction-payments';
import { refundEndpoints, type RefundRequestRow } from '../../../contract/refunds';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { FormDialog } from '../../components/form/form-dialog';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useCapabilities } from '../../lib/capabilities';
import { useActionMutation } from '../../lib/use-action-mutation';
import { refundRequestSchema } from './order-action-schemas';

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
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          disabled={refundable <= 0 || refunds.isPending}
          aria-describedby={refundable <= 0 ? 'nothing-left-to-refund' : undefined}
          onClick={() => setOpen(true)}
        >
          {t('refunds.request.action')}
        </Button>
        {/* A greyed-out button says why (issue 34). */}
        {refundable <= 0 ? (
          <p id="nothing-left-to-refund" className="text-sm text-slate-700">
            {t('refunds.request.nothingLeft')}
          </p>
        ) : null}
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
  const request = useActionMutation({
    mutationFn: (values: RefundRequestValues, idempotencyKey: string) =>
      call(createRefundRequest, {
        body: {
          merchantId: order.merchantId,
          orderId: order.id,
          amountMinor: values.amountMinor ?? 0,
          currency: order.currency,
          reason: values.reason,
          note: values.note || undefined,
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
  // Submit is never greyed out without a word (issue 34): pressing it says at each field what to change.
  const form = useForm({
    schema: refundRequestSchema(t, props.refundable, order.currency),
    defaultValues: { amountMinor: props.refundable, reason: '', note: '' },
    serverError: request.error,
  });
  return (
    <FormProvider {...form}>
      <FormDialog
        open
        title={t('refunds.request.title')}
        description={
          props.refundable > 0
            ? t('forms.refundRequest.refundable', { amount: formatMoney(props.refundable, order.currency) })
            : t('refunds.request.nothingLeft')
        }
        confirmLabel={t('refunds.request.submit')}
        pending={request.pending}
        onSubmit={form.submit((values) => request.send(values))}
        onCancel={props.onClose}
        testId="refund-request-dialog"
      >
        <div className="flex flex-col gap-3">
          <Controller
            control={form.control}
            name="amountMinor"
            render={({ field, fieldState }) => (
              <MoneyInput
                label={t('refunds.request.amount')}
                value={field.value}
                currency={order.currency}
                onChange={field.onChange}
                error={fieldState.error?.message}
                name="refundAmount"
                required
              />
            )}
          />
          <Field name="reason" label={t('refunds.request.reason')} required>
            {(control) => <input {...control} {...form.register('reason')} maxLength={500} className={inputClass} />}
          </Field>
          <Field name="note" label={t('refunds.request.note')}>
            {(control) => <textarea {...control} {...form.register('note')} rows={3} maxLength={2000} className={inputClass} />}
          </Field>
        </div>
      </FormDialog>
    </FormProvider>
  );
}

type RefundRequestValues = { amountMinor: number | null; reason: string; note: string };
