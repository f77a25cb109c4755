import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { IdentityUser, Session } from '../contract/auth';
import { type MerchantUserInfo, type UserProfile } from '../contract/users';
import {
  ACCESS_TOKEN_REFRESH_MARGIN_MS,
  MIN_REFRESH_DELAY_MS,
  REFRESH_RETRY_DELAY_MS,
  refreshDelayMs,
  sessionMachine,
  type TwoStepStanding,
} from './session.machine';

// Fake actors stand in for the API here (a unit test of the machine); the real ones are exercised
// by e2e/session-model.spec.ts through the browser.

const session = (userId = 'u1', overrides: Partial<Session> = {}): Session => ({
  user: { id: userId, email: `${userId}@demo.folio.test`, name: 'Bram Jansen' },
  accessToken: `token-${userId}`,
  accessTokenExpires: '2026-11-22T02:00:00.000Z',
  accessTokenExpiresIn: 900,
  refreshTokenExpires: '2026-11-29T02:00:00.000Z',
  expires: '2026-11-29T02:00:00.000Z',
  userRoles: [{ roleName: 'FolioAdmin' }],
  firstLogin: false,
  ...overrides,
});
const identity = (userId: string): IdentityUser => ({
  userId,
  email: `${userId}@demo.folio.test`,
  firstLogin: false,
  merchantGroupId: null,
  userRoles: [{ roleName: 'FolioAdmin' }],
  userPermissions: [{ resource: 'Users', permissions: ['Read'] }],
});
const profile = (userId: string): UserProfile => ({ user: { userId, firstName: 'Bram', lastName: 'Jansen', email: `${userId}@demo.folio.test` } });
const info = (userId: string): MerchantUserInfo => ({ userId, merchantGroupId: null, merchantGroupName: null, merchantGroupStatus: null });

type Answer<T> = T | Error;
interface Script {
  sessions: Array<Answer<Session | null>>;
  user?: Answer<IdentityUser>;
  profile?: Answer<UserProfile>;
  info?: Answer<MerchantUserInfo>;
  clearFirstLogin?: Answer<Session | null>;
  endSession?: Answer<void>;
  /** Answers of the code step, in order. */
  verify?: Array<Answer<void>>;
  /** What the sign-in policy says of a provider-role user (decision 0310); not required unless given. */
  twoStep?: Answer<TwoStepStanding>;
}

const answer = <T>(value: Answer<T>): Promise<T> => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));

function start(script: Script) {
  const calls = {
    fetchSession: 0,
    fetchUser: [] as string[],
    fetchProfile: [] as string[],
    fetchMerchantUserInfo: [] as string[],
    clearFirstLogin: 0,
    endSession: 0,
    verify: [] as string[],
    twoStepChecks: 0,
    clearActiveProperty: 0,
    broadcastChange: 0,
    navigateToSignIn: [] as string[],
    logError: [] as string[],
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        fetchSession: fromPromise(() => {
          const next = script.sessions[Math.min(calls.fetchSession, script.sessions.length - 1)] ?? null;
          calls.fetchSession += 1;
          return answer(next);
        }),
        fetchUser: fromPromise(({ input }) => (calls.fetchUser.push(input.userId), answer(script.user ?? identity(input.userId)))),
        fetchProfile: fromPromise(({ input }) => (calls.fetchProfile.push(input.userId), answer(script.profile ?? profile(input.userId)))),
        fetchMerchantUserInfo: fromPromise(({ input }) => (calls.fetchMerchantUserInfo.push(input.userId), answer(script.info ?? info(input.userId)))),
        clearFirstLogin: fromPromise(() => (calls.clearFirstLogin++, answer<Session | null>(script.clearFirstLogin ?? session('u1', { firstLogin: false })))),
        endSession: fromPromise(() => (calls.endSession++, answer<void>(script.endSession ?? undefined))),
        fetchTwoStepStanding: fromPromise(() => (calls.twoStepChecks++, answer(script.twoStep ?? { enabled: false, required: false }))),
        verifyTwoStepCode: fromPromise(({ input }) => {
          const next = script.verify?.[calls.verify.length];
          calls.verify.push(input.code);
          return answer<void>(next ?? undefined);
        }),
      },
      actions: {
        clearActiveProperty: () => void calls.clearActiveProperty++,
        broadcastChange: () => void calls.broadcastChange++,
        navigateToSignIn: (_, params) => void calls.navigateToSignIn.push(params.reason),
        logError: (_, params) => void calls.logError.push(params.code),
      },
    }),
  );
  actor.start();
  return { actor, calls, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

/** Lets the fake actors' promises settle (several hops: invoke -> done -> next invoke). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

const READY = { authenticated: { user: 'ready', token: 'fresh' } };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading the session', () => {
  it('starts in loading, then loads user -> profile -> merchant user info once a session exists', async () => {
    const { actor, calls, value, context } = start({ sessions: [session('u1')] });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchUser).toEqual(['u1']);
    expect(calls.fetchProfile).toEqual(['u1']);
    expect(calls.fetchMerchantUserInfo).toEqual(['u1']);
    expect(calls.clearFirstLogin).toBe(0);
    expect(context()).toMatchObject({ user: identity('u1'), profile: profile('u1').user, merchantUserInfo: info('u1'), error: null });
  });

  it('walks the user substates in order', async () => {
    const { actor, value } = start({ sessions: [session('u1', { firstLogin: true })] });
    const seen: string[] = [];
    actor.subscribe((snapshot) => {
      const user = (snapshot.value as { authenticated?: { user: string } }).authenticated?.user;
      if (user && seen.at(-1) !== user) seen.push(user);
    });
    await settle();
    // A provider role (FolioAdmin) asks the sign-in policy last (decision 0310).
    expect(seen).toEqual(['loadingUser', 'loadingProfile', 'loadingMerchantUserInfo', 'clearingFirstLogin', 'checkingTwoStep', 'ready']);
    expect(value()).toEqual(READY);
  });

  it('clears the first-login flag after the user is loaded, and keeps the updated session', async () => {
    const { calls, context } = start({
      sessions: [session('u1', { firstLogin: true })],
      clearFirstLogin: session('u1', { firstLogin: false, accessToken: 'after-clear' }),
    });
    await settle();
    expect(calls.clearFirstLogin).toBe(1);
    expect(context().session?.firstLogin).toBe(false);
    expect(context().session?.accessToken).toBe('after-clear');
  });

  it('is ready even when clearing the first-login flag fails (logged)', async () => {
    const { value, calls, context } = start({ sessions: [session('u1', { firstLogin: true })], clearFirstLogin: new Error('down') });
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.logError).toEqual(['CLIENT_SESSION_ERROR']);
    expect(context().session?.firstLogin).toBe(true);
  });

  it('is unauthenticated without a session, and when the session call fails (CLIENT_FETCH_ERROR)', async () => {
    const none = start({ sessions: [null] });
    await settle();
    expect(none.value()).toEqual({ unauthenticated: 'idle' });
    expect(none.calls.fetchUser).toEqual([]);
    const failing = start({ sessions: [new Error('offline')] });
    await settle();
    expect(failing.value()).toEqual({ unauthenticated: 'idle' });
    expect(failing.calls.logError).toEqual(['CLIENT_FETCH_ERROR']);
  });

  it.each([
    ['user', { user: new Error('user down') }, 'user down'],
    ['profile', { profile: new Error('profile down') }, 'profile down'],
    ['merchant user info', { info: new Error('info down') }, 'info down'],
  ] as const)('fails visibly when the %s cannot be loaded, and retries from the user', async (_, failure, message) => {
    const script: Script = { sessions: [session('u1')], ...failure };
    const { actor, value, context, calls } = start(script);
    await settle();
    expect(value()).toEqual({ authenticated: { user: 'failed', token: 'fresh' } });
    expect(context().error).toBe(message);
    delete script.user;
    delete script.profile;
    delete script.info;
    actor.send({ type: 'session.retry' });
    expect(value()).toEqual({ authenticated: { user: 'loadingUser', token: 'fresh' } });
    expect(context().error).toBeNull();
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchUser).toEqual(['u1', 'u1']);
  });
});

describe('keeping the session fresh', () => {
  it('refetches the session accessTokenExpiresIn minus the margin after loading it', async () => {
    const { calls, value, context } = start({ sessions: [session('u1'), session('u1', { accessToken: 'renewed' })] });
    await settle();
    const delay = 900_000 - ACCESS_TOKEN_REFRESH_MARGIN_MS;
    await vi.advanceTimersByTimeAsync(delay - 1);
    expect(calls.fetchSession).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls.fetchSession).toBe(2);
    expect(value()).toEqual(READY);
    expect(context().session?.accessToken).toBe('renewed');
    expect(calls.fetchUser).toEqual(['u1']);
  });

  it('never schedules the refetch sooner than the minimum delay', () => {
    expect(refreshDelayMs(session('u1', { accessTokenExpiresIn: 10 }))).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(session('u1', { accessTokenExpiresIn: 600 }))).toBe(600_000 - ACCESS_TOKEN_REFRESH_MARGIN_MS);
    expect(refreshDelayMs(null)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it.each(['session.visible', 'session.broadcast'] as const)('refetches on %s without reloading the user', async (type) => {
    const { actor, calls, value } = start({ sessions: [session('u1')] });
    await settle();
    actor.send({ type });
    expect(value()).toEqual({ authenticated: { user: 'ready', token: 'refreshing' } });
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchSession).toBe(2);
    expect(calls.fetchUser).toEqual(['u1']);
  });

  it('goes to sign-in when the refetch finds the session ended elsewhere', async () => {
    const { actor, calls, value, context } = start({ sessions: [session('u1'), null] });
    await settle();
    actor.send({ type: 'session.broadcast' });
    await settle();
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.navigateToSignIn).toEqual(['SessionEnded']);
    expect(context()).toMatchObject({ session: null, user: null, profile: null, merchantUserInfo: null });
  });

  it('loads the other user from scratch when another account signed in elsewhere', async () => {
    const { actor, calls, value, context } = start({ sessions: [session('u1'), session('u2')] });
    await settle();
    actor.send({ type: 'session.broadcast' });
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchUser).toEqual(['u1', 'u2']);
    expect(context().session?.user.id).toBe('u2');
    expect(context().user?.userId).toBe('u2');
  });

  it('keeps the session when a refetch fails, and retries after the retry delay or on visibility', async () => {
    const script: Script = { sessions: [session('u1'), new Error('offline'), new Error('offline'), session('u1', { accessToken: 'back' })] };
    const { actor, calls, value, context } = start(script);
    await settle();
    actor.send({ type: 'session.visible' });
    await settle();
    expect(value()).toEqual({ authenticated: { user: 'ready', token: 'retrying' } });
    expect(calls.logError).toEqual(['CLIENT_SESSION_ERROR']);
    expect(context().session?.accessToken).toBe('token-u1');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS - 1);
    expect(calls.fetchSession).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls.fetchSession).toBe(3);
    expect(value()).toEqual({ authenticated: { user: 'ready', token: 'retrying' } });
    actor.send({ type: 'session.broadcast' });
    await settle();
    expect(value()).toEqual(READY);
    expect(context().session?.accessToken).toBe('back');
  });

  it('refetches at once when the tab becomes visible while waiting to retry', async () => {
    const { actor, calls, value } = start({ sessions: [session('u1'), new Error('offline'), session('u1')] });
    await settle();
    actor.send({ type: 'session.broadcast' });
    await settle();
    expect(value()).toEqual({ authenticated: { user: 'ready', token: 'retrying' } });
    actor.send({ type: 'session.visible' });
    expect(value()).toEqual({ authenticated: { user: 'ready', token: 'refreshing' } });
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchSession).toBe(3);
  });
});

describe('signing out and losing the session', () => {
  it('keeps the live connection while signed in and closes it at sign-out (issue 38)', async () => {
    const { actor } = start({ sessions: [session('u1')] });
    expect(actor.system.get('liveConnection')).toBeUndefined();
    await settle();
    const live = actor.system.get('liveConnection');
    expect(live?.getSnapshot().value).toEqual({ connected: 'connecting' });
    actor.send({ type: 'session.signOut' });
    expect(live?.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('liveConnection')).toBeUndefined();
  });

  it('clears the active property, ends the session on the server, broadcasts and goes to sign-in', async () => {
    const { actor, calls, value, context } = start({ sessions: [session('u1')] });
    await settle();
    actor.send({ type: 'session.signOut' });
    expect(value()).toBe('signingOut');
    expect(calls.clearActiveProperty).toBe(1);
    await settle();
    expect(calls.endSession).toBe(1);
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.broadcastChange).toBe(1);
    expect(calls.navigateToSignIn).toEqual(['SignedOut']);
    expect(context().session).toBeNull();
  });

  it('signs out locally even when the server call fails (logged)', async () => {
    const { actor, calls, value } = start({ sessions: [session('u1')], endSession: new Error('offline') });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.logError).toEqual(['CLIENT_FETCH_ERROR']);
    expect(calls.navigateToSignIn).toEqual(['SignedOut']);
  });

  it('can sign out while the user is still loading', async () => {
    const { actor, value } = start({ sessions: [session('u1')] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(value()).toEqual({ unauthenticated: 'idle' });
  });

  it('routes a session-required failure (401) to sign-in with that reason', async () => {
    const { actor, calls, value, context } = start({ sessions: [session('u1')] });
    await settle();
    actor.send({ type: 'session.required' });
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.navigateToSignIn).toEqual(['SessionRequired']);
    expect(context().session).toBeNull();
    expect(calls.endSession).toBe(0);
  });

  it('ignores sign-out and session-required while signed out', async () => {
    const { actor, value, calls } = start({ sessions: [null] });
    await settle();
    actor.send({ type: 'session.signOut' });
    actor.send({ type: 'session.required' });
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.navigateToSignIn).toEqual([]);
  });
});

describe('while signed out', () => {
  it.each(['session.signedIn', 'session.broadcast', 'session.visible'] as const)('checks the session on %s and signs in when one exists', async (type) => {
    const { actor, value, calls } = start({ sessions: [null, session('u1')] });
    await settle();
    actor.send({ type });
    expect(value()).toEqual({ unauthenticated: 'checking' });
    await settle();
    expect(value()).toEqual(READY);
    expect(calls.fetchUser).toEqual(['u1']);
  });

  it('stays signed out when the check finds no session or fails', async () => {
    const { actor, value, calls } = start({ sessions: [null, null, new Error('offline')] });
    await settle();
    actor.send({ type: 'session.broadcast' });
    await settle();
    expect(value()).toEqual({ unauthenticated: 'idle' });
    actor.send({ type: 'session.visible' });
    await settle();
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.logError).toEqual(['CLIENT_FETCH_ERROR']);
  });
});

/** A refusal of the code step as the api client raises it: the problem's detail and the status. */
const refusal = (status: number, detail: string) => Object.assign(new Error(detail), { status });

describe('two-step sign-in (decision 0271)', () => {
  it('asks for the code after a right password, refuses a wrong one with the reason, then signs in with the right one', async () => {
    const { actor, calls, value, context } = start({
      sessions: [null, session('u1')],
      verify: [refusal(400, 'the code is not right; 4 tries left'), undefined],
    });
    await settle();
    actor.send({ type: 'session.twoStepRequired' });
    expect(value()).toEqual({ unauthenticated: { twoStep: 'awaitingCode' } });
    actor.send({ type: 'session.codeSubmitted', code: '000000' });
    expect(value()).toEqual({ unauthenticated: { twoStep: 'verifying' } });
    await settle();
    expect(value()).toEqual({ unauthenticated: { twoStep: 'awaitingCode' } });
    expect(context().twoStepError).toBe('the code is not right; 4 tries left');
    actor.send({ type: 'session.codeSubmitted', code: '123456' });
    await settle();
    expect(calls.verify).toEqual(['000000', '123456']);
    expect(value()).toEqual(READY);
    expect(context()).toMatchObject({ twoStepError: null, twoStepCode: null });
  });

  it('locks the code step when the server says too many wrong codes (429); only going back leaves it', async () => {
    const { actor, value, context } = start({ sessions: [null], verify: [refusal(429, 'too many wrong codes')] });
    await settle();
    actor.send({ type: 'session.twoStepRequired' });
    actor.send({ type: 'session.codeSubmitted', code: '000000' });
    await settle();
    expect(value()).toEqual({ unauthenticated: { twoStep: 'lockedOut' } });
    expect(context().twoStepError).toBe('too many wrong codes');
    actor.send({ type: 'session.codeSubmitted', code: '111111' });
    expect(value()).toEqual({ unauthenticated: { twoStep: 'lockedOut' } });
    actor.send({ type: 'session.twoStepCancelled' });
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(context().twoStepError).toBeNull();
  });

  it('lets the user go back to the password from the code step', async () => {
    const { actor, calls, value } = start({ sessions: [null] });
    await settle();
    actor.send({ type: 'session.twoStepRequired' });
    actor.send({ type: 'session.twoStepCancelled' });
    expect(value()).toEqual({ unauthenticated: 'idle' });
    expect(calls.verify).toEqual([]);
  });
});

describe('the sign-in policy (decision 0310)', () => {
  it('holds a provider role without two-step sign-in in twoStepSetupRequired until it is turned on', async () => {
    const { actor, calls, value } = start({ sessions: [session('u1')], twoStep: { enabled: false, required: true } });
    await settle();
    expect(calls.twoStepChecks).toBe(1);
    expect(value()).toEqual({ authenticated: { user: 'twoStepSetupRequired', token: 'fresh' } });
    actor.send({ type: 'session.twoStepEnabled' });
    expect(value()).toEqual(READY);
  });

  it('lets a provider role with two-step sign-in on, or without the policy, straight in', async () => {
    for (const twoStep of [
      { enabled: true, required: true },
      { enabled: false, required: false },
    ]) {
      const { value } = start({ sessions: [session('u1')], twoStep });
      await settle();
      expect(value()).toEqual(READY);
    }
  });

  it('sends a ready user to the set-up when the server starts refusing their calls for it (policy turned on meanwhile)', async () => {
    const { actor, value } = start({ sessions: [session('u1')] });
    await settle();
    expect(value()).toEqual(READY);
    actor.send({ type: 'session.twoStepSetupRequired' });
    expect(value()).toEqual({ authenticated: { user: 'twoStepSetupRequired', token: 'fresh' } });
    actor.send({ type: 'session.twoStepEnabled' });
    expect(value()).toEqual(READY);
  });

  it('does not ask for merchant-side roles', async () => {
    const merchant: IdentityUser = { ...identity('u2'), userRoles: [{ roleName: 'MerchantAdmin' }] };
    const { calls, value } = start({ sessions: [session('u2')], user: merchant, twoStep: { enabled: false, required: true } });
    await settle();
    expect(calls.twoStepChecks).toBe(0);
    expect(value()).toEqual(READY);
  });

  it('fails visibly when the check cannot be made, and retries from the user', async () => {
    const { actor, context, value } = start({ sessions: [session('u1')], twoStep: new Error('network down') });
    await settle();
    expect(value()).toEqual({ authenticated: { user: 'failed', token: 'fresh' } });
    expect(context().error).toBe('network down');
    actor.send({ type: 'session.retry' });
    expect(value()).toEqual({ authenticated: { user: 'loadingUser', token: 'fresh' } });
  });
});
