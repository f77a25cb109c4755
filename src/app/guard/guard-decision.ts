import { callbackPath, signInLocation, SIGN_IN_PATH } from '../../../contract/callback-url';
import { groupOpensPage } from '../../../contract/permission-rules';
import type { UserPermission } from '../../../contract/roles';
import { homeOf, isLocationAllowed, ROOT_PATH, type GuardedRoute } from '../../lib/permissions';

// Spec 2 "Session rules" as a pure decision, so it is tested apart from React.
export { SIGN_IN_PATH };

export type GuardDecision<R extends GuardedRoute> =
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  /** An address no route answers, for a signed-in user (issue 11: say so instead of redirecting silently). */
  | { kind: 'not-found' }
  | { kind: 'render'; route: R; chrome: 'shell' | 'public' };

export interface GuardInput<R extends GuardedRoute> {
  routes: readonly R[];
  route: R | undefined;
  pathname: string;
  search: string;
  status: 'loading' | 'authenticated' | 'unauthenticated';
  userLoaded: boolean;
  /** The current role (first in the list), from the user or, before it loads, the session. */
  role: string | undefined;
  permissions: readonly UserPermission[];
  /** Status of the user's merchant group; null without one (spec 2: the menu's group-status rule holds for typed addresses too). */
  groupStatus: string | null;
  /** The page's own origin: a callbackUrl may name it in full (spec 7 sign-in with callbackUrl). */
  origin?: string;
  /** The sign-in policy wants two-step sign-in turned on first (decision 0310): only its set-up screen opens. */
  twoStepSetupRequired?: boolean;
}

/** The user menu's two-step sign-in screen, where the sign-in policy sends whoever must turn it on. */
export const TWO_STEP_SETUP_PATH = '/account/two-step';

export function guardDecision<R extends GuardedRoute>(input: GuardInput<R>): GuardDecision<R> {
  const { route, status, pathname } = input;
  if (status === 'loading') return { kind: 'wait' };
  const signedIn = status === 'authenticated';
  // Held at the two-step set-up (decision 0310): every signed-in page leads there; the guest's pages stay open.
  const heldPage = !route?.public || route.path === ROOT_PATH || route.path === SIGN_IN_PATH;
  if (signedIn && input.twoStepSetupRequired && heldPage && pathname !== TWO_STEP_SETUP_PATH) return { kind: 'redirect', to: TWO_STEP_SETUP_PATH };
  if (route?.public) {
    // An authenticated visitor on sign-in goes where they were going (a same-site callbackUrl), else to the home of their role.
    if (signedIn && route.path === SIGN_IN_PATH)
      return { kind: 'redirect', to: callbackPath(new URLSearchParams(input.search).get('callbackUrl'), input.origin) ?? homeOf(input.role) };
    // The root is the home of roles the home table does not name: inside the shell once signed in.
    return { kind: 'render', route, chrome: signedIn && route.path === ROOT_PATH ? 'shell' : 'public' };
  }
  // The address asked for survives signing in (a deep link opened signed out).
  if (!signedIn)
    return {
      kind: 'redirect',
      to: signInLocation({ callbackUrl: `${pathname}${input.search && !input.search.startsWith('?') ? `?${input.search}` : input.search}` }),
    };
  if (!input.userLoaded) return { kind: 'wait' };
  if (!route) return { kind: 'not-found' };
  const openInGroup = !route?.demand || groupOpensPage(route.demand.resource, input.groupStatus);
  if (route && openInGroup && isLocationAllowed(input.routes, pathname, input.search, input.permissions)) return { kind: 'render', route, chrome: 'shell' };
  const home = homeOf(input.role);
  return { kind: 'redirect', to: home === pathname ? ROOT_PATH : home };
}
