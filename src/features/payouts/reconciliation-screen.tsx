import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settlementEndpoints } from '../../../contract/settlement';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCapabilities } from '../../lib/capabilities';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';

const { getPayoutReconciliation } = settlementEndpoints;

/** /payouts/reconciliation (issue 37, decision 0432): the provider admins' check that every payout adds up, run on demand. */
export function ReconciliationScreen() {
  const { t } = useTranslation();
  const capabilities = useCapabilities();
  const allowed = capabilities.may(getPayoutReconciliation);
  const check = useQuery({
    queryKey: ['payouts', 'reconciliation'],
    queryFn: ({ signal }) => call(getPayoutReconciliation, { signal }),
    enabled: allowed,
    retry: false,
  });
  const title = t('settlement.reconciliation.title');
  if (capabilities.loading) return <PageLayout title={title}>{null}</PageLayout>;
  if (!allowed)
    return (
      <PageLayout title={title}>
        <p role="status">{t('settlement.reconciliation.forbidden')}</p>
      </PageLayout>
    );
  const answer = check.data;
  return (
    <PageLayout title={title}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{t('settlement.reconciliation.intro')}</p>
        <div className="flex items-center gap-3">
          <button
            type="button"
            className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
            disabled={check.isFetching}
            onClick={() => void check.refetch()}
          >
            {t('settlement.reconciliation.run')}
          </button>
          {answer && <span className="text-sm text-slate-600">{t('settlement.reconciliation.checkedAt', { when: formatDateTime(answer.checkedAt) })}</span>}
        </div>
        {check.isError && (
          <p role="alert" className="text-sm text-red-700">
            {check.error.message}
          </p>
        )}
        {!answer && !check.isError && <p role="status">{t('common.loading')}</p>}
        {answer && answer.findings.length === 0 && (
          <p role="status" data-testid="reconciliation-empty" className="text-sm text-emerald-700">
            {t('settlement.reconciliation.empty')}
          </p>
        )}
        {answer && answer.truncated && <p className="text-sm">{t('settlement.reconciliation.truncated')}</p>}
        {answer && answer.findings.length > 0 && (
          <SidewaysScroll className="rounded border border-slate-200 bg-white">
            <table className="min-w-full text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5" aria-label={title}>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col">{t('settlement.reconciliation.columns.kind')}</th>
                  <th scope="col">{t('settlement.reconciliation.columns.property')}</th>
                  <th scope="col">{t('settlement.reconciliation.columns.payouts')}</th>
                  <th scope="col">{t('settlement.reconciliation.columns.transaction')}</th>
                  <th scope="col" className="text-right">
                    {t('settlement.reconciliation.columns.expected')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('settlement.reconciliation.columns.actual')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.findings.map((finding, index) => (
                  <tr key={`${finding.kind}-${finding.orderId ?? ''}-${finding.payouts[0]?.id ?? index}`} className="border-t border-slate-200">
                    <td>{t(`settlement.reconciliation.kinds.${finding.kind}`)}</td>
                    <td>{finding.merchantName}</td>
                    <td>{finding.payouts.map((payout) => payout.reference).join(', ')}</td>
                    <td>{finding.orderReference ?? ''}</td>
                    <td className="text-right tabular-nums whitespace-nowrap">{formatMoney(finding.expectedMinor, finding.currency)}</td>
                    <td className="text-right tabular-nums whitespace-nowrap">{formatMoney(finding.actualMinor, finding.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SidewaysScroll>
        )}
      </div>
    </PageLayout>
  );
}
