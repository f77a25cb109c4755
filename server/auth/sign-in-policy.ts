import type { Endpoint } from '../../contract/endpoint';
import { rowOf } from '../../contract/permission-rules';
import { PROBLEM_TYPES } from '../../contract/problem';
import { OPEN_UNTIL_TWO_STEP_IDS, type SignInPolicy } from '../../contract/two-step';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { HttpProblem } from '../http/problem';
import type { AnyCaller, Caller } from './caller';

// The sign-in policy (issue 19; decision 0310): whether provider roles must use two-step sign-in.
// One row written by a provider admin; until then the default of the run's mode: required in
// production, not in demo mode (the demo accounts sign in with their password alone).

export async function signInPolicyOf(db: Db, demo: boolean): Promise<SignInPolicy> {
  const row = await db.selectFrom('sign_in_policy').select('require_two_step_for_provider_roles').executeTakeFirst();
  if (!row) return { requireTwoStepForProviderRoles: !demo, isDefault: true };
  return { requireTwoStepForProviderRoles: row.require_two_step_for_provider_roles, isDefault: false };
}

/** Provider-side roles (the permission table's side), signed in through a browser session (a property's secret key has no second step). */
export function isPolicyBound(caller: AnyCaller): caller is Caller {
  return caller.kind === 'person' && caller.roles.some((role) => rowOf(role)?.side === 'provider');
}

// Answers already read with the caller itself, in the same request (server/auth/session-caller.ts).
const pendingOfCaller = new WeakMap<Caller, boolean>();

/** Records whether the policy waits for this caller, as read with the caller in this request. */
export function rememberTwoStepPending(caller: Caller, pending: boolean): void {
  pendingOfCaller.set(caller, pending);
}

/** What `rememberTwoStepPending` recorded for this caller object, if anything. */
export function rememberedTwoStepPending(caller: Caller): boolean | undefined {
  return pendingOfCaller.get(caller);
}

/** Whether the policy waits for this caller to turn two-step sign-in on. */
export async function mustSetUpTwoStep(ctx: Pick<AppContext, 'db' | 'config'>, caller: AnyCaller): Promise<boolean> {
  if (!isPolicyBound(caller)) return false;
  const known = pendingOfCaller.get(caller);
  if (known !== undefined) return known;
  const [policy, twoStep] = await Promise.all([
    signInPolicyOf(ctx.db, ctx.config.demo),
    ctx.db.selectFrom('user_two_step').select('enabled_at').where('user_id', '=', caller.userId).executeTakeFirst(),
  ]);
  return policy.requireTwoStepForProviderRoles && !twoStep?.enabled_at;
}

export function twoStepRequiredProblem(): HttpProblem {
  return new HttpProblem({
    type: PROBLEM_TYPES.twoStepRequired,
    title: 'Two-step sign-in required',
    status: 403,
    detail: 'your role must use two-step sign-in: turn it on under your user menu, "Two-step sign-in", to continue',
    code: 'twoStep.requiredByPolicy',
  });
}

/** Refuses every call but the set-up and the session's own reads while the policy waits for the caller (403 two-step-required). */
export async function refuseUntilTwoStep(ctx: AppContext, caller: AnyCaller, endpoint: Endpoint): Promise<void> {
  if (OPEN_UNTIL_TWO_STEP_IDS.includes(endpoint.id)) return;
  if (await mustSetUpTwoStep(ctx, caller)) throw twoStepRequiredProblem();
}
