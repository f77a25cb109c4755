import type { kycEndpoints } from '../../contract/kyc/endpoints';
import { KYC_STEP_IDS, type KycStepId } from '../../contract/kyc/steps';
import type { LifecycleAction } from '../../contract/merchant-groups';
import { can } from '../auth/caller';
import { problems } from '../http/problem';
import type { Handler } from '../http/route';
import { applyTransition, forbiddenTransition } from '../merchant-groups/lifecycle';
import { nextStatus } from '../../machines/onboarding-lifecycle.machine';
import { assertReviewer } from '../merchant-groups/group-access';
import { applicationAnswer, loadApplicationState, type ApplicationState } from './read-model';
import { flaggedValueOf } from './resubmission-guard';

// The review actions of spec 2 "KYC admin", each through the onboarding lifecycle, each with its
// effects on flags and KYC document statuses (docs/decisions/0145-kyc-review-and-document-statuses.md).

type TransitionEndpoint = (typeof kycEndpoints)['transitionKycApplication'];
type FlagInput = { targetKind: 'field' | 'document'; target: string; reason: string };

/** A field flag names a step (and optionally a dotted path in it); a document flag a current document of the group. */
function checkFlags(flags: readonly FlagInput[], state: ApplicationState): void {
  const current = new Set(state.documents.filter((row) => row.replaced_by === null).map((row) => row.id));
  const errors: Record<string, string[]> = {};
  flags.forEach((flag, index) => {
    const ok =
      flag.targetKind === 'field'
        ? (KYC_STEP_IDS as readonly string[]).includes(flag.target.split('.')[0] ?? '') && /^[a-z-]+(\.[A-Za-z0-9_-]+)*$/.test(flag.target)
        : current.has(flag.target);
    if (!ok) errors[`flags.${index}.target`] = ['kyc.validation.flagTarget'];
  });
  if (Object.keys(errors).length) throw problems.validation(errors, 'a flag names no field or current document of this application');
}

export const transitionHandler: Handler<TransitionEndpoint> = async ({ params, body, caller, ctx }) => {
  assertReviewer(caller);
  const action: LifecycleAction = body.action;
  if (action === 'delete' && !can(caller, 'KYCApplications', 'Delete')) throw problems.forbidden('deleting an application needs Delete on KYCApplications');
  const state = await loadApplicationState(ctx.db, params.id);
  const from = state.group.status;
  if (!nextStatus(from, action)) throw forbiddenTransition(from, action);
  if (body.action === 'requestResubmission') checkFlags(body.flags, state);
  const current = state.documents.filter((row) => row.replaced_by === null).map((row) => row.id);
  const detail: Record<string, unknown> =
    body.action === 'reject'
      ? { reason: body.reason }
      : body.action === 'approve'
        ? { note: body.note ?? null }
        : body.action === 'delete'
          ? { reason: body.reason ?? null }
          : body.action === 'requestResubmission'
            ? { flags: body.flags }
            : {};
  await applyTransition(ctx.db, {
    groupId: params.id,
    from,
    action,
    actorUserId: caller.userId,
    detail,
    effects: async (trx) => {
      const setStatus = async (ids: string[], status: string) => {
        if (ids.length) await trx.updateTable('documents').set({ status }).where('id', 'in', ids).execute();
      };
      if (body.action === 'startReview') await setStatus(current, 'InProgress');
      if (body.action === 'approve') await setStatus(current, 'Approved');
      if (body.action === 'requestResubmission') {
        await trx
          .insertInto('kyc_review_flags')
          .values(
            body.flags.map((flag) => ({
              application_id: state.application.id,
              target_kind: flag.targetKind,
              target: flag.target,
              reason: flag.reason,
              created_by: caller.userId,
              // A flagged field remembers its value: it must change before the application is resubmitted (decision 0703).
              flagged_value:
                flag.targetKind === 'field'
                  ? JSON.stringify(flaggedValueOf(flag.target, state.checks.get(flag.target.split('.')[0] as KycStepId)?.data ?? null))
                  : null,
            })),
          )
          .execute();
        const flagged = new Set(body.flags.filter((flag) => flag.targetKind === 'document').map((flag) => flag.target));
        await setStatus(
          current.filter((id) => flagged.has(id)),
          'Failed',
        );
        await setStatus(
          current.filter((id) => !flagged.has(id)),
          'Completed',
        );
      }
    },
  });
  return applicationAnswer(ctx, caller, params.id);
};
