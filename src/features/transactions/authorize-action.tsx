import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHORIZE_REQUEST_CODE, paymentEndpoints, type OrderDetail } from '../../../contract/payments';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { MoneyInput } from '../../components/form/money-input';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';

const { authorizeOrder } = paymentEndpoints;

/**
 * Authorize the card kept at tokenization (AUREQ, decision 0210): the amount (the order's by
 * default, never more) is confirmed with its currency, and each confirmation is one intent with
 * its own idempotency key.
 */
export function AuthorizeAction({
  order,
  merchantId,
  buttonClass,
  onSuccess,
}: {
  order: OrderDetail;
  merchantId: string | undefined;
  buttonClass: string;
  onSuccess: (detail: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<number | null>(order.amountMinor);
  const [confirming, setConfirming] = useState(false);
  const authorize = useActionMutation({
    mutationFn: (amountMinor: number, idempotencyKey: string) =>
      call(authorizeOrder, {
        body: { orderId: order.id, requestCode: AUTHORIZE_REQUEST_CODE, amountMinor, currency: order.currency },
        merchantId,
        idempotencyKey,
      }),
    onSuccess: (detail, { variables }) => {
      setConfirming(false);
      onSuccess(detail);
      // A decline answers 200 with the declined attempt on the timeline: the words say which it was.
      const attempt = detail.operations.filter((op) => op.kind === 'Authorization').at(-1);
      const words = { amount: formatMoney(variables, order.currency) };
      notify(attempt?.outcome === 'Declined' ? t('transactions.said.authorizeDeclined', words) : t('transactions.said.authorized', words));
    },
  });
  const tooMuch =
    amount !== null && amount > order.amountMinor
      ? t('transactions.info.authorizeTooMuch', { amount: formatMoney(order.amountMinor, order.currency) })
      : undefined;
  const canAuthorize = amount !== null && amount > 0 && !tooMuch;
  const shown = formatMoney(amount ?? 0, order.currency);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (canAuthorize) setConfirming(true);
      }}
    >
      <div className="w-48">
        <MoneyInput
          label={t('transactions.info.authorizeAmount')}
          value={amount}
          currency={order.currency}
          onChange={setAmount}
          error={tooMuch}
          name="authorizeAmount"
        />
      </div>
      <MutationButton type="submit" className={buttonClass} pending={authorize.pending} disabled={!canAuthorize}>
        {t('transactions.info.authorize')}
      </MutationButton>
      <ConfirmDialog
        open={confirming}
        title={t('transactions.info.authorizeConfirmTitle')}
        confirmLabel={t('transactions.info.authorizeConfirm', { amount: shown })}
        tone="danger"
        pending={authorize.pending}
        onConfirm={() => amount !== null && authorize.act(amount)}
        onCancel={() => setConfirming(false)}
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
