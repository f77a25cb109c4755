import { describe, expect, it } from 'vitest';
import { callbackPath, signInLocation } from '../../contract/callback-url';
import type { UserPermission } from '../../contract/roles';
import { guardDecision, type GuardInput } from '../../src/app/guard/guard-decision';
import { ROUTES, type AppRoute } from '../../src/app/route-table';
import { routeOf } from '../../src/lib/permissions';

// Issue 11: a deep link was lost at sign-in (/payouts opened signed out landed on the role's home).
const ORIGIN = 'https://backoffice.example';
const RIUD = ['Read', 'Insert', 'Update', 'Delete'] as UserPermission['permissions'];

function decide(location: string, over: Partial<GuardInput<AppRoute>> = {}) {
  const url = new URL(location, ORIGIN);
  return guardDecision({
    routes: ROUTES,
    route: routeOf(ROUTES, url.pathname),
    pathname: url.pathname,
    search: url.search,
    status: 'authenticated',
    userLoaded: true,
    role: 'FolioAdmin',
    permissions: [{ resource: 'Payouts', permissions: RIUD }],
    groupStatus: null,
    origin: ORIGIN,
    ...over,
  });
}

describe('callbackUrl', () => {
  it('keeps a path of this site, with its query', () => {
    expect(callbackPath('/payouts', ORIGIN)).toBe('/payouts');
    expect(callbackPath('/transactions?page=3&size=25', ORIGIN)).toBe('/transactions?page=3&size=25');
    expect(callbackPath(`${ORIGIN}/payouts?x=1`, ORIGIN)).toBe('/payouts?x=1');
  });

  it('refuses another site in every spelling, and sign-in itself', () => {
    for (const foreign of [
      'https://evil.example/payouts',
      '//evil.example/payouts',
      '/\\evil.example/payouts',
      // Same-site as written, another site once its dots are resolved.
      '/.//evil.example/phish',
      '/a/..//evil.example',
      'javascript:alert(1)',
      'http://backoffice.example/payouts',
      '/sign-in?callbackUrl=/x',
      '/api/auth/signin',
      '',
      null,
      undefined,
    ])
      expect(callbackPath(foreign, ORIGIN), String(foreign)).toBeUndefined();
  });

  it('the sign-in location carries the address asked for', () => {
    expect(signInLocation({ callbackUrl: '/payouts?status=Failed' })).toBe('/sign-in?callbackUrl=%2Fpayouts%3Fstatus%3DFailed');
    expect(signInLocation({ callbackUrl: '/' })).toBe('/sign-in');
    expect(signInLocation({ error: 'SessionRequired', callbackUrl: '/payouts' })).toBe('/sign-in?error=SessionRequired&callbackUrl=%2Fpayouts');
  });
});

describe('route guard with a deep link', () => {
  it('sends a signed-out visitor to sign-in, remembering the page and its query', () => {
    expect(decide('/payouts?status=Failed', { status: 'unauthenticated', userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/sign-in?callbackUrl=%2Fpayouts%3Fstatus%3DFailed',
    });
  });

  it('once signed in, goes to the remembered page rather than the home of the role', () => {
    expect(decide('/sign-in?callbackUrl=%2Fpayouts%3Fstatus%3DFailed')).toEqual({ kind: 'redirect', to: '/payouts?status=Failed' });
    expect(decide('/sign-in?callbackUrl=%2Fpayouts', { userLoaded: false })).toEqual({ kind: 'redirect', to: '/payouts' });
  });

  it('ignores a callbackUrl to another site and goes home', () => {
    expect(decide('/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F')).toEqual({ kind: 'redirect', to: '/kyc/applications' });
    expect(decide('/sign-in?callbackUrl=%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/kyc/applications' });
    expect(decide('/sign-in')).toEqual({ kind: 'redirect', to: '/kyc/applications' });
  });
});
