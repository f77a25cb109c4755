import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycApplication } from '../../../../contract/kyc/application';
import type { KycTransitionBody } from '../../../../contract/kyc/review';
import { LIFECYCLE_ACTION_ACTOR, type LifecycleAction } from '../../../../contract/merchant-groups';
import { allowedActions } from '../../../../machines/onboarding-lifecycle.machine';
import { reviewKeys, transitionApplication } from '../api';
import { ResubmissionForm } from './resubmission-form';
import { ReviewDialog } from './review-dialog';

const ACTION_LABEL: Record<LifecycleAction, string> = {
  submit: 'kycReview.actions.submit',
  startReview: 'kycReview.actions.startReview',
  requestResubmission: 'kycReview.actions.sendForResubmission',
  approve: 'kycReview.actions.approve',
  reject: 'kycReview.actions.reject',
  signContract: 'kycReview.actions.signContract',
  activate: 'kycReview.actions.activate',
  delete: 'kycReview.actions.delete',
  expire: 'kycReview.actions.expire',
};

/**
 * The review actions the onboarding lifecycle allows in the current status (from the lifecycle
 * machine), limited to provider actions the server grants this reviewer.
 */
export function reviewActionsFor(application: Pick<KycApplication, 'status' | 'allowedActions'>): LifecycleAction[] {
  return allowedActions(application.status).filter(
    (action) => LIFECYCLE_ACTION_ACTOR[action] === 'provider' && application.allowedActions.includes(action),
  );
}

export function ReviewActions({ application }: { application: KycApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'requestResubmission' | 'reject' | 'delete'>();
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string>();
  const mutation = useMutation({
    mutationFn: (body: KycTransitionBody) => transitionApplication(application.merchantGroupId, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(reviewKeys.application(application.merchantGroupId), updated);
      setDialog(undefined);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
  });
  const actions = reviewActionsFor(application);
  const run = (action: LifecycleAction) => {
    if (action === 'requestResubmission' || action === 'reject' || action === 'delete') return setDialog(action);
    mutation.mutate({ action } as KycTransitionBody);
  };
  const failedAction = mutation.isError ? (mutation.variables?.action as LifecycleAction | undefined) : undefined;

  return (
    <section aria-labelledby="review-actions" className="mb-6">
      <h2 id="review-actions" className="mb-2 text-lg font-semibold">
        {t('kycReview.detail.actions')}
      </h2>
      {actions.length === 0 ? <p className="text-sm text-slate-600">{t('kycReview.detail.noActions')}</p> : null}
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            disabled={mutation.isPending}
            onClick={() => run(action)}
            className={`rounded px-4 py-2 text-sm font-medium disabled:opacity-50 ${action === 'reject' || action === 'delete' ? 'border border-red-700 text-red-700' : 'bg-brand text-white'}`}
          >
            {t(ACTION_LABEL[action])}
          </button>
        ))}
      </div>
      {mutation.isPending ? (
        <p role="status" className="mt-2 text-sm">
          {t('common.loading')}
        </p>
      ) : null}
      {failedAction && !dialog ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('kycReview.actions.failed', { action: t(ACTION_LABEL[failedAction]), message: mutation.error?.message })}
        </p>
      ) : null}

      <ReviewDialog
        open={dialog === 'requestResubmission'}
        title={t('kycReview.resubmission.title')}
        onClose={() => setDialog(undefined)}
      >
        <ResubmissionForm
          application={application}
          busy={mutation.isPending}
          onCancel={() => setDialog(undefined)}
          onSend={(flags) => mutation.mutate({ action: 'requestResubmission', flags })}
        />
        {mutation.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {mutation.error.message}
          </p>
        ) : null}
      </ReviewDialog>

      <ReviewDialog
        open={dialog === 'reject' || dialog === 'delete'}
        title={dialog === 'delete' ? t('kycReview.actions.delete') : t('kycReview.reject.title')}
        onClose={() => setDialog(undefined)}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (dialog === 'reject' && reason.trim().length < 3)
              return setReasonProblem(t('kycReview.reject.reasonRequired'));
            setReasonProblem(undefined);
            mutation.mutate(
              dialog === 'reject'
                ? { action: 'reject', reason: reason.trim() }
                : { action: 'delete', reason: reason.trim() || undefined },
            );
          }}
        >
          {dialog === 'delete' ? <p className="mb-3 text-sm">{t('kycReview.actions.confirmDelete')}</p> : null}
          <label className="block text-sm">
            <span className="block text-slate-700">
              {dialog === 'delete' ? t('kycReview.delete.reason') : t('kycReview.reject.reason')}
            </span>
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1"
            />
          </label>
          {reasonProblem ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {reasonProblem}
            </p>
          ) : null}
          {mutation.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {mutation.error.message}
            </p>
          ) : null}
          <div className="mt-4 flex justify-end gap-3">
            <button
              type="button"
              onClick={() => setDialog(undefined)}
              className="rounded border border-slate-300 px-4 py-2 text-sm"
            >
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              disabled={mutation.isPending}
              className="rounded bg-red-700 px-4 py-2 text-sm text-white disabled:opacity-50"
            >
              {dialog === 'delete' ? t('kycReview.actions.delete') : t('kycReview.reject.confirm')}
            </button>
          </div>
        </form>
      </ReviewDialog>
    </section>
  );
}
