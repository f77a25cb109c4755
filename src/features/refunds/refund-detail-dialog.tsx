import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REFUND_REASON_MAX_LENGTH,
  refundEndpoints,
  type RefundDecision,
  type RefundExecutionOutcome,
  type RefundRequestDetail,
  type RefundState,
} from '../../../contract/refunds';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DetailList } from '../../components/detail-section/detail-section';
import { Field, inputClass } from '../../components/form/field';
import { MutationButton } from '../../components/mutation-button';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session/session-provider';
import { REFUND_APPROVAL_STATUS_TONES, REFUND_STATE_TONES } from '../../lib/status-tones';
import { useActionMutation } from '../../lib/use-action-mutation';
import { refundDetailQuery, refundKeys } from './api';
import { useOpeningDoubleClick } from '../../components/opening-double-click/opening-double-click';
import { roleLabels } from '../../lib/role-label';

const { approveRefundRequest, rejectRefundRequest } = refundEndpoints;

/** The acquirer's answers the refunds area words itself; the later ones (decision 0520) are worded under refundAnswers. */
const OWN_EXECUTION_WORDS: ReadonlySet<RefundExecutionOutcome> = new Set(['Succeeded', 'Declined']);
/** States whose money differs from what was asked, or has not moved yet: the dialog says what that means. */
const EXPLAINED_STATES: ReadonlySet<RefundState> = new Set(['Pending', 'PartiallyAccepted', 'Changed']);

/** Reasons: a rejection and an override must say why; an approval may. */
const REASON_REQUIRED: Record<RefundDecision, boolean> = { approve: false, reject: true, override: true };

/**
 * GET refunds/requests/{id}: the request, its decisions and refund attempts; the decisions the
 * server says this user may take now (the refund approval machine and the people rule), each
 * confirmed first and sent once with its own idempotency key.
 */
export function RefundDetailDialog(props: { requestId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const id = props.requestId ?? '';
  const detail = useQuery({ ...refundDetailQuery(id), enabled: props.requestId !== null });
  const [confirming, setConfirming] = useState<RefundDecision | null>(null);
  const [reason, setReason] = useState('');
  const decide = useActionMutation({
    mutationFn: (decision: RefundDecision, idempotencyKey: string) =>
      decision === 'reject'
        ? call(rejectRefundRequest, { params: { id }, body: { reason: reason.trim() }, idempotencyKey })
        : call(approveRefundRequest, { params: { id }, body: reason.trim() ? { reason: reason.trim() } : {}, idempotencyKey }),
    onSuccess: (request: RefundRequestDetail) => {
      queryClient.setQueryData(refundKeys.detail(id), request);
      void queryClient.invalidateQueries({ queryKey: refundKeys.searches });
      setConfirming(null);
      setReason('');
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: refundKeys.detail(id) }),
  });
  const request = detail.data;
  const money = (minor: number) => formatMoney(minor, request?.currency ?? 'EUR');
  const ownRequest = request !== undefined && request.requestedByEmail === user?.email;
  const reasonOk = confirming === null || !REASON_REQUIRED[confirming] || reason.trim().length >= 3;
  const openingClick = useOpeningDoubleClick(props.requestId !== null);
  return (
    <Dialog open={props.requestId !== null} onClose={openingClick.closeUnlessOpening(props.onClose)} className="relative z-40">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel className="max-h-full w-full max-w-lg overflow-y-auto rounded bg-white p-5 shadow-xl" data-testid="refund-detail">
          <DialogTitle className="text-lg font-semibold">{t('refunds.detail.title')}</DialogTitle>
          {request ? (
            <div className="mt-3 flex flex-col gap-4 text-sm">
              <div className="flex flex-wrap gap-2">
                <span data-testid="refund-approval-status">
                  <StatusBadge tone={REFUND_APPROVAL_STATUS_TONES[request.approvalStatus]}>{t(`refunds.approvalStatus.${request.approvalStatus}`)}</StatusBadge>
                </span>
                <span data-testid="refund-state">
                  <StatusBadge tone={REFUND_STATE_TONES[request.state]}>{t(`refunds.state.${request.state}`)}</StatusBadge>
                </span>
              </div>
              {EXPLAINED_STATES.has(request.state) ? (
                <p className="text-slate-800" data-testid="refund-state-explained">
                  {t(`refundAnswers.explained.${request.state}`, {
                    amount: money(request.amountMinor),
                    refunded: money(request.refundedMinor),
                    rest: money(request.amountMinor - request.refundedMinor),
                  })}
                </p>
              ) : null}
              <DetailList
                items={[
                  { label: t('refunds.detail.order'), value: `${request.orderReference} · ${request.merchantName}` },
                  { label: t('refunds.detail.amount'), value: money(request.amountMinor), testId: 'refund-amount' },
                  ...(request.executions.length > 0
                    ? [{ label: t('refundAnswers.refunded'), value: money(request.refundedMinor), testId: 'refund-refunded' }]
                    : []),
                  { label: t('refunds.detail.reason'), value: request.reason },
                  { label: t('refunds.detail.note'), value: request.note ?? '—' },
                  { label: t('refunds.detail.requestedBy'), value: `${request.requestedByName} (${request.requestedByEmail})` },
                  {
                    label: t('refunds.detail.approvals'),
                    value:
                      request.approvalsRequired === 0
                        ? t('refunds.detail.noApprovalNeeded')
                        : t('refunds.detail.approvalsProgress', { given: request.approvalsGiven, required: request.approvalsRequired }),
                    testId: 'refund-approvals',
                  },
                  { label: t('refunds.detail.approvers'), value: roleLabels(t, request.approverRoles) || '—' },
                ]}
              />
              <section>
                <h3 className="font-medium">{t('refunds.detail.history')}</h3>
                {request.approvals.length === 0 ? (
                  <p className="text-slate-600">{t('refunds.detail.noDecisions')}</p>
                ) : (
                  <ul data-testid="refund-decisions">
                    {request.approvals.map((approval) => (
                      <li key={`${approval.at}-${approval.byEmail}`}>
                        {t(`refunds.detail.decision.${approval.decision}`, { name: approval.byName || approval.byEmail })} · {formatDateTime(approval.at)}
                        {approval.reason ? ` · “${approval.reason}”` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section>
                <h3 className="font-medium">{t('refunds.detail.executions')}</h3>
                {request.executions.length === 0 ? (
                  <p className="text-slate-600">{t('refunds.detail.noExecutions')}</p>
                ) : (
                  <ul data-testid="refund-executions">
                    {request.executions.map((execution) => (
                      <li key={`${execution.at}-${execution.outcome}`}>
                        {t(
                          OWN_EXECUTION_WORDS.has(execution.outcome)
                            ? `refunds.detail.execution.${execution.outcome}`
                            : `refundAnswers.execution.${execution.outcome}`,
                          {
                            amount: money(execution.amountMinor),
                            reference: execution.acquirerReference ?? '',
                            message: execution.message ?? '',
                          },
                        )}{' '}
                        · {formatDateTime(execution.at)}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              {ownRequest &&
              request.allowedDecisions.length === 0 &&
              (request.approvalStatus === 'Pending' || request.approvalStatus === 'PartiallyApproved') ? (
                <p className="text-slate-700">{t('refunds.detail.notMine')}</p>
              ) : null}
              <div className="flex flex-wrap justify-end gap-2">
                {request.allowedDecisions.map((decision) => (
                  <MutationButton
                    key={decision}
                    pending={decide.pending}
                    className={`rounded px-3 py-1.5 text-sm text-white ${decision === 'reject' ? 'bg-red-700' : 'bg-slate-900'}`}
                    onClick={() => setConfirming(decision)}
                  >
                    {t(`refunds.detail.${decision}`)}
                  </MutationButton>
                ))}
                <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={props.onClose}>
                  {t('refunds.detail.close')}
                </button>
              </div>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirming !== null}
            title={confirming ? t(`refunds.detail.${confirming}ConfirmTitle`) : ''}
            confirmLabel={confirming ? t(`refunds.detail.${confirming}`) : ''}
            tone={confirming === 'reject' ? 'danger' : 'primary'}
            pending={decide.pending}
            onConfirm={() => confirming && reasonOk && decide.act(confirming)}
            onCancel={() => setConfirming(null)}
          >
            <p className="mb-3">{confirming ? t(`refunds.detail.${confirming}ConfirmText`, { amount: money(request?.amountMinor ?? 0) }) : null}</p>
            <Field label={t('refunds.detail.decisionReason')} required={confirming ? REASON_REQUIRED[confirming] : false}>
              {(control) => (
                <textarea
                  {...control}
                  name="decisionReason"
                  maxLength={REFUND_REASON_MAX_LENGTH}
                  rows={2}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
          </ConfirmDialog>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
