import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutEndpoints } from '../../../contract/payouts';
import { call } from '../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DetailList } from '../../components/detail-section/detail-section';
import { MutationButton } from '../../components/mutation-button';
import { useActionMutation } from '../../lib/use-action-mutation';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { mayRetry, payoutStage } from '../../../machines/payout-lifecycle.machine';
import { payoutDetailQuery, payoutKeys } from './api';
import { PayoutSettlement } from './payout-settlement';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';
import { useOpeningDoubleClick } from '../../components/opening-double-click/opening-double-click';

const { retryPayout } = payoutEndpoints;

// While a payout is Processing its attempt is with the bank (in the demo, the demo payout rail,
// decision 0137): the dialog re-reads it this often so the user sees it settle without reloading.
const PROCESSING_POLL_MS = 2000;
const RETRY_OUTCOME_KEY = {
  Processing: 'payouts.detail.retried',
  Paid: 'payouts.detail.retryPaid',
  Failed: 'payouts.detail.retryFailed',
} as const;

/** GET /payouts/{id} with its attempts; Retry for a Failed payout when the user may update payouts. */
export function PayoutDetailDialog(props: { payoutId: string | null; canRetry: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = props.payoutId ?? '';
  const detail = useQuery({
    ...payoutDetailQuery(id),
    enabled: props.payoutId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'Processing' ? PROCESSING_POLL_MS : false),
  });
  const [confirming, setConfirming] = useState(false);
  // A retry moves money: it is confirmed first, acts once however often the button is clicked, and
  // carries one idempotency key per confirmation (decision 0200). A refusal shows the error toast.
  const retry = useActionMutation({
    mutationFn: (_: void, idempotencyKey: string) => call(retryPayout, { params: { id }, idempotencyKey }),
    onSuccess: (payout) => {
      queryClient.setQueryData(payoutKeys.detail(id), payout);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.searches });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.detail(id) }),
    onSettled: () => setConfirming(false),
  });
  const payout = detail.data;
  const status = payout?.status;
  useEffect(() => {
    // A payout that settled while the dialog was open is stale in the table behind it.
    if (status && status !== 'Processing') void queryClient.invalidateQueries({ queryKey: payoutKeys.searches });
  }, [status, queryClient]);
  const lastAttempt = payout?.attemptList.at(-1);
  const openingClick = useOpeningDoubleClick(props.payoutId !== null);
  return (
    <Dialog open={props.payoutId !== null} onClose={openingClick.closeUnlessOpening(() => (retry.reset(), props.onClose()))} className="relative z-40">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel className="max-h-[95vh] w-full max-w-4xl overflow-y-auto rounded bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold">{t('payouts.detail.title', { reference: payout?.reference ?? '' })}</DialogTitle>
          {detail.isError && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {detail.error.message}
            </p>
          )}
          {!payout && !detail.isError && <p className="mt-3 text-sm">{t('common.loading')}</p>}
          {payout && (
            <>
              <div className="mt-3">
                <DetailList
                  items={[
                    { label: t('payouts.columns.merchantName'), value: payout.merchantName },
                    { label: t('payouts.columns.amount'), value: formatMoney(payout.amountMinor, payout.currency) },
                    { label: t('payouts.columns.status'), value: t(`payouts.status.${payout.status}`), testId: 'payout-status' },
                    // The lifecycle's stage (decision 0434): tells a first attempt in transit from a retry.
                    { label: t('settlement.stageLabel'), value: t(`settlement.stage.${payoutStage(payout.status, payout.attempts)}`), testId: 'payout-stage' },
                    { label: t('payouts.detail.period'), value: `${formatDate(payout.periodStart)} – ${formatDate(payout.periodEnd)}` },
                    ...(payout.feeMinor === null || payout.netMinor === null
                      ? [{ label: t('payouts.detail.fee'), value: t('payouts.detail.noFee'), testId: 'payout-fee-none' }]
                      : [
                          { label: t('payouts.detail.fee'), value: formatMoney(payout.feeMinor, payout.currency), testId: 'payout-fee' },
                          { label: t('payouts.detail.net'), value: formatMoney(payout.netMinor, payout.currency), testId: 'payout-net' },
                        ]),
                  ]}
                />
              </div>
              <h3 className="mt-4 text-sm font-semibold">{t('payouts.detail.attempts')}</h3>
              {/* Every cell padded on both sides, so "#", "Status" and "When" never run together. */}
              <SidewaysScroll>
                <table
                  className="mt-1 w-full text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5 [&_tr>*:first-child]:pl-0"
                  aria-label={t('payouts.detail.attempts')}
                >
                  <thead className="text-left text-slate-700">
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">{t('payouts.columns.status')}</th>
                      <th scope="col">{t('payouts.detail.when')}</th>
                      <th scope="col">{t('payouts.detail.error')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {payout.attemptList.map((attempt) => (
                      <tr key={attempt.id} className="border-t border-slate-200">
                        <td className="tabular-nums">{attempt.attemptNo}</td>
                        <td>{t(`payouts.status.${attempt.status}`)}</td>
                        <td className="whitespace-nowrap">{formatDateTime(attempt.createdAt)}</td>
                        <td className="text-red-700">{attempt.error ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </SidewaysScroll>
              <PayoutSettlement payoutId={payout.id} merchantId={payout.merchantId} />
              {retry.isSuccess && lastAttempt && (
                <p role="status" className={`mt-3 text-sm ${lastAttempt.status === 'Failed' ? 'text-red-700' : 'text-emerald-700'}`}>
                  {t(RETRY_OUTCOME_KEY[lastAttempt.status], { attempt: lastAttempt.attemptNo })}
                </p>
              )}
            </>
          )}
          <div className="mt-5 flex justify-end gap-2">
            {payout && props.canRetry && mayRetry(payout.status, payout.attempts) && (
              <MutationButton
                className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
                pending={retry.pending}
                onClick={() => setConfirming(true)}
              >
                {t('payouts.detail.retry')}
              </MutationButton>
            )}
            <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => (retry.reset(), props.onClose())}>
              {t('common.close')}
            </button>
          </div>
        </DialogPanel>
      </div>
      {payout && (
        <ConfirmDialog
          open={confirming}
          title={t('payouts.detail.confirmRetryTitle')}
          confirmLabel={retry.pending ? t('payouts.detail.retrying') : t('payouts.detail.retry')}
          tone="danger"
          pending={retry.pending}
          onConfirm={() => retry.act()}
          onCancel={() => setConfirming(false)}
        >
          {t('payouts.detail.confirmRetryBody', {
            amount: formatMoney(payout.amountMinor, payout.currency),
            property: payout.merchantName,
            reference: payout.reference,
          })}
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
