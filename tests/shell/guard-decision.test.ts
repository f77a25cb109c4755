import { describe, expect, it } from 'vitest';
import type { UserPermission } from '../../contract/roles';
import { ROUTES } from '../../src/app/route-table';
import { guardDecision, type GuardInput } from '../../src/app/guard/guard-decision';
import { routeOf } from '../../src/lib/permissions';
import type { AppRoute } from '../../src/app/route-table';

const RIUD = ['Read', 'Insert', 'Update', 'Delete'] as UserPermission['permissions'];
function decide(pathname: string, over: Partial<GuardInput<AppRoute>> = {}) {
  const [path, search = ''] = pathname.split('?');
  return guardDecision({ routes: ROUTES, route: routeOf(ROUTES, path ?? ''), pathname: path ?? '', search: search ? `?${search}` : '', status: 'authenticated', userLoaded: true, role: 'UserManagement', permissions: [{ resource: 'Users', permissions: RIUD }], ...over });
}

describe('route guard (spec 2 "Session rules")', () => {
  it('waits while the session loads, and while the user loads on a guarded page', () => {
    expect(decide('/users', { status: 'loading' })).toEqual({ kind: 'wait' });
    expect(decide('/users', { userLoaded: false })).toEqual({ kind: 'wait' });
  });

  it('sends an unauthenticated visitor to sign-in, but lets them see public pages', () => {
    expect(decide('/users', { status: 'unauthenticated', userLoaded: false })).toEqual({ kind: 'redirect', to: '/sign-in?callbackUrl=%2Fusers' });
    expect(decide('/nowhere', { status: 'unauthenticated', userLoaded: false })).toEqual({ kind: 'redirect', to: '/sign-in?callbackUrl=%2Fnowhere' });
    expect(decide('/forgot-password', { status: 'unauthenticated' })).toMatchObject({ kind: 'render', chrome: 'public' });
    expect(decide('/properties/inactive-property', { status: 'unauthenticated' })).toMatchObject({ kind: 'render', chrome: 'public' });
  });

  it('sends an authenticated visitor on sign-in to the home of their role, even before the user loads', () => {
    expect(decide('/sign-in', { userLoaded: false, role: 'PropertyManager' })).toEqual({ kind: 'redirect', to: '/property-management' });
    expect(decide('/sign-in', { role: 'FolioAdmin' })).toEqual({ kind: 'redirect', to: '/kyc/applications' });
  });

  it('renders an allowed page in the shell, sends a forbidden one home and says an unknown one does not exist', () => {
    expect(decide('/users')).toMatchObject({ kind: 'render', chrome: 'shell', route: { path: '/users' } });
    expect(decide('/users/123?id=123')).toMatchObject({ kind: 'render', route: { path: '/users/[id]' } });
    expect(decide('/payouts')).toEqual({ kind: 'redirect', to: '/users' });
    expect(decide('/no-such-page')).toEqual({ kind: 'not-found' });
  });

  it('never loops: a forbidden home sends to the root', () => {
    expect(decide('/users', { permissions: [] })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/', { permissions: [], role: 'SuperAdmin' })).toMatchObject({ kind: 'render', chrome: 'shell' });
  });
});
