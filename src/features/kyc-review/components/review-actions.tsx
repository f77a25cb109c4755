import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { KycApplication } from '../../../../contract/kyc/application';
import { KYC_REASON_MAX_LENGTH, type KycTransitionBody } from '../../../../contract/kyc/review';
import { LIFECYCLE_ACTION_ACTOR, type LifecycleAction } from '../../../../contract/merchant-groups';
import { allowedActions } from '../../../../machines/onboarding-lifecycle.machine';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../../components/form/button';
import { useForm } from '../../../components/form/use-form';
import { MutationButton } from '../../../components/mutation-button';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { reviewKeys, transitionApplication } from '../api';
import { ResubmissionForm } from './resubmission-form';
import { ReviewDialog } from './review-dialog';

const ACTION_LABEL: Record<LifecycleAction, string> = {
  submit: 'kycReview.actions.submit',
  startReview: 'kycReview.actions.startReview',
  requestResubmission: 'kycReview.actions.sendForResubmission',
  approve: 'kycReview.actions.approve',
  reject: 'kycReview.actions.reject',
  sendContract: 'kycReview.actions.sendContract',
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
  return allowedActions(application.status).filter((action) => LIFECYCLE_ACTION_ACTOR[action] === 'provider' && application.allowedActions.includes(action));
}

/** Actions with a form of their own (a reason, the flags): the form is the confirmation. */
type FormAction = 'requestResubmission' | 'reject' | 'delete';
const FORM_ACTIONS: readonly LifecycleAction[] = ['requestResubmission', 'reject', 'delete'];
/** One click would change the application's status: asked first (issue 11, decision 0198). */
type ConfirmedAction = 'startReview' | 'approve' | 'sendContract' | 'signContract' | 'activate';

export function ReviewActions({ application }: { application: KycApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<FormAction>();
  const [confirming, setConfirming] = useState<ConfirmedAction>();
  // A failure shows the error toast (spec 8); the application is read again, since a refusal
  // usually means someone else changed it meanwhile.
  const mutation = useActionMutation({
    mutationFn: (body: KycTransitionBody) => transitionApplication(application.merchantGroupId, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(reviewKeys.application(application.merchantGroupId), updated);
      setDialog(undefined);
      setConfirming(undefined);
      reasonForm.reset();
      await queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
    onError: async () => {
      setConfirming(undefined);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.application(application.merchantGroupId) });
    },
  });
  const reasonSchema = useMemo(
    () =>
      z.object({ reason: z.string().transform((reason) => reason.trim()) }).superRefine(({ reason }, context) => {
        if (dialog === 'reject' && reason.length < 3) context.addIssue({ code: 'custom', path: ['reason'], message: t('kycReview.reject.reasonRequired') });
      }),
    [dialog, t],
  );
  const reasonForm = useForm({ schema: reasonSchema, defaultValues: { reason: '' } });
  const reasonProblem = reasonForm.formState.errors.reason?.message;
  const actions = reviewActionsFor(application);
  const run = (action: LifecycleAction) => {
    if (FORM_ACTIONS.includes(action)) return setDialog(action as FormAction);
    setConfirming(action as ConfirmedAction);
  };

  return (
    <section aria-labelledby="review-actions" className="mb-6">
      <h2 id="review-actions" className="mb-2 text-lg font-semibold">
        {t('kycReview.detail.actions')}
      </h2>
      {actions.length === 0 ? <p className="text-sm text-slate-600">{t('kycReview.detail.noActions')}</p> : null}
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <MutationButton
            key={action}
            pending={mutation.pending}
            onClick={() => run(action)}
            className={`rounded px-4 py-2 text-sm font-medium disabled:opacity-50 ${action === 'reject' || action === 'delete' ? 'border border-red-700 text-red-700' : 'bg-brand text-white'}`}
          >
            {t(ACTION_LABEL[action])}
          </MutationButton>
        ))}
      </div>

      {confirming ? (
        <ConfirmDialog
          open
          title={t(`kycReview.confirm.${confirming}.title`)}
          confirmLabel={t(ACTION_LABEL[confirming])}
          pending={mutation.pending}
          onConfirm={() => mutation.act({ action: confirming })}
          onCancel={() => setConfirming(undefined)}
        >
          {t(`kycReview.confirm.${confirming}.body`, { name: application.merchantGroupName })}
        </ConfirmDialog>
      ) : null}

      <ReviewDialog open={dialog === 'requestResubmission'} title={t('kycReview.resubmission.title')} onClose={() => setDialog(undefined)}>
        <ResubmissionForm
          application={application}
          busy={mutation.pending}
          onCancel={() => setDialog(undefined)}
          onSend={(flags) => mutation.send({ action: 'requestResubmission', flags })}
        />
      </ReviewDialog>

      <ReviewDialog
        open={dialog === 'reject' || dialog === 'delete'}
        title={dialog === 'delete' ? t('kycReview.actions.delete') : t('kycReview.reject.title')}
        onClose={() => setDialog(undefined)}
      >
        <form
          noValidate
          onSubmit={reasonForm.submit(({ reason }) =>
            mutation.send(dialog === 'reject' ? { action: 'reject', reason } : { action: 'delete', reason: reason || undefined }),
          )}
        >
          {dialog === 'delete' ? <p className="mb-3 text-sm">{t('kycReview.actions.confirmDelete')}</p> : null}
          <label className="block text-sm">
            <span className="block text-slate-700">{dialog === 'delete' ? t('kycReview.delete.reason') : t('kycReview.reject.reason')}</span>
            <textarea
              maxLength={KYC_REASON_MAX_LENGTH}
              {...reasonForm.register('reason')}
              rows={3}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1"
            />
          </label>
          {reasonProblem ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {reasonProblem}
            </p>
          ) : null}
          <div className="mt-4 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setDialog(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="danger" pending={mutation.pending}>
              {dialog === 'delete' ? t('kycReview.actions.delete') : t('kycReview.reject.confirm')}
            </Button>
          </div>
        </form>
      </ReviewDialog>
    </section>
  );
}
