import { describe, expect, it } from 'vitest';
import type { UserPermission } from '../../contract/roles';
import { guardDecision, TWO_STEP_SETUP_PATH, type GuardInput } from '../../src/app/guard/guard-decision';
import { ROUTES, type AppRoute } from '../../src/app/route-table';
import { routeOf } from '../../src/lib/permissions';

// The sign-in policy in the route guard (decision 0310): a user the policy holds reaches only the
// two-step set-up screen; the guest's public pages stay open.

const RIUD = ['Read', 'Insert', 'Update', 'Delete'] as UserPermission['permissions'];
function decide(pathname: string, over: Partial<GuardInput<AppRoute>> = {}) {
  return guardDecision({
    routes: ROUTES,
    route: routeOf(ROUTES, pathname),
    pathname,
    search: '',
    status: 'authenticated',
    userLoaded: true,
    role: 'FolioUser',
    permissions: [{ resource: 'Users', permissions: RIUD }],
    groupStatus: null,
    twoStepSetupRequired: true,
    ...over,
  });
}

describe('route guard while the sign-in policy waits for two-step sign-in', () => {
  it('sends every signed-in page, the root and sign-in to the set-up screen', () => {
    for (const path of ['/users', '/kyc/applications', '/', '/sign-in', '/nowhere'])
      expect(decide(path), path).toEqual({ kind: 'redirect', to: TWO_STEP_SETUP_PATH });
  });

  it('renders the set-up screen itself, and leaves the public pages alone', () => {
    expect(decide(TWO_STEP_SETUP_PATH)).toMatchObject({ kind: 'render', chrome: 'shell' });
    expect(decide('/forgot-password')).toMatchObject({ kind: 'render', chrome: 'public' });
  });

  it('holds nobody once two-step sign-in is on', () => {
    expect(decide('/users', { twoStepSetupRequired: false })).toMatchObject({ kind: 'render', chrome: 'shell' });
  });
});
