import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { RefundRequestDetail } from '../../../contract/refunds';
import { PageLayout } from '../../components/page-layout/page-layout';
import { formatMoney } from '../../lib/format';
import { refundDetailQuery } from './api';
import { roleLabels } from '../../lib/role-label';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What happens next to a request, in the words the requester needs (spec 2 "/refund-management/refund-submitted"). */
function nextStep(t: ReturnType<typeof useTranslation>['t'], request: RefundRequestDetail): string {
  const amount = formatMoney(request.amountMinor, request.currency);
  if (request.approvalsRequired === 0 && request.state === 'Completed') return t('refunds.submitted.completed', { amount });
  if (request.approvalsRequired === 0 && request.state === 'Failed')
    return t('refunds.submitted.failed', { amount, message: request.executions.at(-1)?.message ?? '' });
  if (request.approvalStatus === 'Pending' || request.approvalStatus === 'PartiallyApproved')
    return t('refunds.submitted.waiting', {
      amount,
      count: request.approvalsRequired - request.approvalsGiven,
      roles: roleLabels(t, request.approverRoles),
    });
  return t('refunds.submitted.otherwise', {
    amount,
    approval: t(`refunds.approvalStatus.${request.approvalStatus}`),
    state: t(`refunds.state.${request.state}`),
  });
}

/** /refund-management/refund-submitted?id=…: the request just made, and whether it is refunded or waits for whom. */
export function RefundSubmittedScreen() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const valid = UUID.test(id);
  const detail = useQuery({ ...refundDetailQuery(id), enabled: valid });
  const request = detail.data;
  return (
    <PageLayout title={t('shell.routes.refundSubmitted')}>
      <div className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4" data-testid="refund-submitted">
        {!valid || detail.isError ? (
          <p>{t('refunds.submitted.notFound')}</p>
        ) : !request ? (
          <p>{t('refunds.submitted.loading')}</p>
        ) : (
          <p data-testid="refund-next-step">{nextStep(t, request)}</p>
        )}
        <div className="flex flex-wrap gap-3 text-sm">
          <Link href="/refund-management" className="text-brand underline">
            {t('refunds.submitted.toRefunds')}
          </Link>
          {request ? (
            <Link
              href={`/transactions/transaction-info?transactionId=${request.orderId}&merchantId=${encodeURIComponent(request.merchantId)}`}
              className="text-brand underline"
            >
              {t('refunds.submitted.toOrder')}
            </Link>
          ) : null}
        </div>
      </div>
    </PageLayout>
  );
}
