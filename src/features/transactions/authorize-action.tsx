import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTHORIZE_REQUEST_CODE, paymentEndpoints, type OrderDetail } from '../../../contract/transaction-payments';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../components/form/button';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { amountSchema, type AmountValues } from './order-action-schemas';

const { authorizeOrder } = paymentEndpoints;

/**
 * Authorize the card kept at tokenization (AUREQ, decision 0210): the amount (the order's by
 * default, never more) is confirmed with its currency, and each confirmation is one intent with
 * its own idempotency key.
 */
export function AuthorizeAction({
  order,
  merchantId,
  onSuccess,
}: {
  order: OrderDetail;
  merchantId: string | undefined;
  onSuccess: (detail: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useForm<AmountValues>({
    schema: amountSchema(t, order.amountMinor, order.currency, 'forms.transactions.authorizeTooMuch'),
    defaultValues: { amountMinor: order.amountMinor },
  });
  const authorize = useActionMutation({
    mutationFn: (amountMinor: number, idempotencyKey: string) =>
      call(authorizeOrder, {
        body: { orderId: order.id, requestCode: AUTHORIZE_REQUEST_CODE, amountMinor, currency: order.currency },
        merchantId,
        idempotencyKey,
      }),
    onSuccess: (detail, { variables }) => {
      setConfirming(null);
      onSuccess(detail);
      // A decline answers 200 with the declined attempt on the timeline: the words say which it was.
      const attempt = detail.operations.filter((op) => op.kind === 'Authorization').at(-1);
      const words = { amount: formatMoney(variables, order.currency) };
      notify(attempt?.outcome === 'Declined' ? t('transactions.said.authorizeDeclined', words) : t('transactions.said.authorized', words));
    },
  });
  const shown = formatMoney(confirming ?? 0, order.currency);
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={form.submit(({ amountMinor }) => setConfirming(amountMinor))}>
      <div className="w-48">
        <Controller
          control={form.control}
          name="amountMinor"
          render={({ field, fieldState }) => (
            <MoneyInput
              label={t('transactions.info.authorizeAmount')}
              value={field.value}
              currency={order.currency}
              onChange={field.onChange}
              error={fieldState.error?.message}
              name="authorizeAmount"
            />
          )}
        />
      </div>
      <Button type="submit" size="sm" pending={authorize.pending}>
        {t('transactions.info.authorize')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={t('transactions.info.authorizeConfirmTitle')}
        confirmLabel={t('transactions.info.authorizeConfirm', { amount: shown })}
        tone="danger"
        pending={authorize.pending}
        onConfirm={() => confirming !== null && authorize.act(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {t('transactions.info.authorizeConfirmText', {
          amount: shown,
          currency: order.currency,
          card: order.cardBrand && order.cardLast4 ? `${order.cardBrand} •••• ${order.cardLast4}` : t('transactions.info.cardOnFile'),
        })}
      </ConfirmDialog>
    </form>
  );
}
