import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PaymentOperation } from '../../../contract/transaction-payments';
import { formatDateTime, formatMoney } from '../../lib/format';

/**
 * What an operation did, in the payment's words (issue 34): a refused attempt is "Authorization of
 * €80.00 declined", not "Authorized €80.00 (declined)"; an authorization of nothing saved the card.
 */
function operationWords(op: PaymentOperation, t: TFunction): string {
  const amount = op.amountMinor !== null ? formatMoney(op.amountMinor, op.currency) : '';
  if (op.kind === 'Refund') return t(`refundAnswers.timeline.${op.outcome}`, { amount });
  if (op.outcome === 'Declined') return t(`transactions.said.declinedOperation.${op.kind}`, { amount });
  if (op.kind === 'Authorization' && op.amountMinor === 0) return t('transactions.said.cardSaved');
  return `${t(`transactions.info.operation.${op.kind}`)}${amount ? ` ${amount}` : ''}`;
}

/** The order's payment operations, oldest first: what happened, how much, who and when. */
export function PaymentTimeline({ operations }: { operations: readonly PaymentOperation[] }) {
  const { t } = useTranslation();
  if (operations.length === 0) return <p className="text-sm text-slate-700">{t('transactions.info.timelineEmpty')}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="payment-timeline">
      {operations.map((op) => (
        <li key={`${op.kind}-${op.id}`} className="rounded border border-slate-200 px-3 py-2 text-sm" data-testid="timeline-entry">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">{operationWords(op, t)}</span>
            <time dateTime={op.at} className="text-slate-700">
              {formatDateTime(op.at)}
            </time>
          </div>
          <div className="text-slate-700">
            {op.byName ? t('transactions.info.by', { name: op.byName, email: op.byEmail }) : t('transactions.info.bySystem')}
          </div>
          {op.note ? <div className="text-slate-800">{op.note}</div> : null}
        </li>
      ))}
    </ol>
  );
}
