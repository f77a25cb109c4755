import { sql } from 'kysely';
import { LIFECYCLE_ACTION_ACTOR, type LifecycleAction, type OnboardingStatus } from '../../contract/merchant-groups';
import { allowedActions, nextStatus } from '../../machines/onboarding-lifecycle.machine';
import { can, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { problems } from '../http/problem';

// Every onboarding status change goes through here: the lifecycle machine decides whether the
// action is allowed (409 otherwise), the status moves only from the status it was read in
// (a concurrent change is a 409 too), and the change is written to the audit log in the same
// transaction (docs/decisions/0140-onboarding-lifecycle.md).

export const GROUP_ENTITY = 'merchant_group';

export interface TransitionRequest {
  groupId: string;
  from: OnboardingStatus;
  action: LifecycleAction;
  actorUserId: string | null;
  detail?: Record<string, unknown>;
  /** Writes that belong to the action (flags, document statuses), run in the same transaction. */
  effects?: (trx: Db, to: OnboardingStatus) => Promise<void>;
}

export function forbiddenTransition(from: OnboardingStatus, action: LifecycleAction) {
  const allowed = allowedActions(from);
  return problems
    .conflict(`the application is ${from}: ${action} is not allowed now (allowed: ${allowed.length ? allowed.join(', ') : 'nothing'})`)
    .withCode('kycApplication.actionNotAllowed', { status: from });
}

export async function applyTransition(db: Db, request: TransitionRequest): Promise<OnboardingStatus> {
  const to = nextStatus(request.from, request.action);
  if (!to) throw forbiddenTransition(request.from, request.action);
  await inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('merchant_groups')
      .set({ status: to, status_changed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', request.groupId)
      .where('status', '=', request.from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw problems.conflict('the application changed meanwhile; reload it and try again').withCode('kycApplication.changedMeanwhile');
    await request.effects?.(trx, to);
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: request.actorUserId,
        action: `kyc.${request.action}`,
        entity_type: GROUP_ENTITY,
        entity_id: request.groupId,
        detail: JSON.stringify({ from: request.from, to, ...request.detail }),
      })
      .execute();
  });
  return to;
}

/** The lifecycle actions this caller may take now: the machine's, narrowed to the caller's side and rights. */
export function actionsFor(caller: Caller, groupId: string, status: OnboardingStatus): LifecycleAction[] {
  const reviewer = isProviderStaff(caller) && can(caller, 'KYCApplications', 'Approve');
  const applicant = !isProviderStaff(caller) && caller.merchantGroupId === groupId && can(caller, 'KYCApplications', 'Update');
  return allowedActions(status).filter((action) => {
    const actor = LIFECYCLE_ACTION_ACTOR[action];
    if (actor === 'applicant') return applicant;
    if (actor === 'provider') return reviewer && (action !== 'delete' || can(caller, 'KYCApplications', 'Delete'));
    return false;
  });
}
