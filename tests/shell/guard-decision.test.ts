import { describe, expect, it } from 'vitest';
import { pageAccessOf } from '../../contract/permission-rules';
import type { UserPermission } from '../../contract/roles';
import { ROUTES } from '../../src/app/route-table';
import { guardDecision, type GuardInput } from '../../src/app/guard/guard-decision';
import { routeOf } from '../../src/lib/permissions';
import type { AppRoute } from '../../src/app/route-table';

const RIUD = ['Read', 'Insert', 'Update', 'Delete'] as UserPermission['permissions'];
function decide(pathname: string, over: Partial<GuardInput<AppRoute>> = {}) {
  const [path, search = ''] = pathname.split('?');
  return guardDecision({
    routes: ROUTES,
    route: routeOf(ROUTES, path ?? ''),
    pathname: path ?? '',
    search: search ? `?${search}` : '',
    status: 'authenticated',
    userLoaded: true,
    role: 'UserManagement',
    permissions: [{ resource: 'Users', permissions: RIUD }],
    groupStatus: null,
    ...over,
  });
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

  describe("follows the menu's merchant-group-status rule for typed addresses (spec 2)", () => {
    const merchantAdmin = Object.entries(pageAccessOf('MerchantAdmin')).map(([resource, permissions]) => ({ resource, permissions }) as UserPermission);
    const asMerchantAdmin = (pathname: string, groupStatus: string) => decide(pathname, { role: 'MerchantAdmin', permissions: merchantAdmin, groupStatus });

    it('sends the applicant of a Created group home from every page but KYC', () => {
      for (const path of [
        '/transactions',
        '/users',
        '/properties',
        '/generate-payment-link',
        '/refund-management',
        '/payment-settings',
        '/property-management',
      ])
        expect(asMerchantAdmin(path, 'Created'), path).toEqual({ kind: 'redirect', to: '/home' });
      expect(asMerchantAdmin('/kyc/company-details', 'Created')).toMatchObject({ kind: 'render', route: { path: '/kyc/company-details' } });
      expect(asMerchantAdmin('/home', 'Created')).toMatchObject({ kind: 'render', route: { path: '/home' } });
    });

    it('opens the business pages and closes KYC once the group is Active', () => {
      expect(asMerchantAdmin('/transactions', 'Active')).toMatchObject({ kind: 'render', route: { path: '/transactions' } });
      expect(asMerchantAdmin('/kyc/company-details', 'Active')).toEqual({ kind: 'redirect', to: '/home' });
    });

    it('closes both in between (approved, contract signed)', () => {
      for (const path of ['/transactions', '/kyc/application-overview'])
        expect(asMerchantAdmin(path, 'ContractSigned'), path).toEqual({ kind: 'redirect', to: '/home' });
    });

    it('leaves users without a merchant group alone', () => {
      expect(decide('/users', { groupStatus: null })).toMatchObject({ kind: 'render' });
    });
  });
});
