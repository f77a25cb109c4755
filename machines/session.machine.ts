import { assign, fromPromise, setup } from 'xstate';
import type { IdentityUser, Session } from '../contract/auth';
import { isOneOf, PROVIDER_ROLES } from '../contract/roles';
import { type MerchantUserInfo, type UserProfile } from '../contract/users';
import { liveConnectionMachine } from './live-connection.machine';

/*
 * The session (spec 4 "Session" and "Auth", spec 8 "Session client"): loading, authenticated,
 * unauthenticated (with the two-step code step after a right password, decision 0271). While authenticated, two things run side by side: the user is loaded once
 * (user by id -> profile -> merchant user info -> first-login flag cleared -> for provider roles, the
 * sign-in policy's two-step check, decision 0310) and the access token
 * is kept fresh (refetched before it expires, on tab visibility and on a broadcast from another
 * tab). While authenticated it also keeps the live event stream connected (issue 38,
 * machines/live-connection.machine.ts). Every effect is an actor or action the host provides (src/app/session/).
 */

/** Refetch this long before the access token expires; the server renews it when < 2 min are left. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Never schedule the refetch sooner than this, so a token with little time left cannot cause a refetch loop. */
export const MIN_REFRESH_DELAY_MS = 5_000;
/** After a failed refetch (network down), try again after this long; the token may still be valid meanwhile. */
export const REFRESH_RETRY_DELAY_MS = 10_000;

export type SignInReason = 'SignedOut' | 'SessionEnded' | 'SessionRequired';

export interface SessionContext {
  session: Session | null;
  user: IdentityUser | null;
  profile: UserProfile['user'] | null;
  merchantUserInfo: MerchantUserInfo | null;
  /** Why loading the user failed, shown with a retry. */
  error: string | null;
  /** Two-step sign-in: the code being checked, and why the last one was refused (shown on the code step). */
  twoStepCode: string | null;
  twoStepError: string | null;
}

export type SessionEvent =
  | { type: 'session.visible' }
  | { type: 'session.broadcast' }
  | { type: 'session.signedIn' }
  | { type: 'session.signOut' }
  | { type: 'session.required' }
  | { type: 'session.retry' }
  /** The password was right and the account has two-step sign-in on: the code of the app comes next. */
  | { type: 'session.twoStepRequired' }
  | { type: 'session.codeSubmitted'; code: string }
  | { type: 'session.twoStepCancelled' }
  /** The server refused a call until two-step sign-in is on: the policy was turned on during this session. */
  | { type: 'session.twoStepSetupRequired' }
  /** The user turned two-step sign-in on (the set-up screen): the sign-in policy lets them in. */
  | { type: 'session.twoStepEnabled' };

/** What the sign-in policy says about the signed-in user (decision 0310). */
export interface TwoStepStanding {
  enabled: boolean;
  required: boolean;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the host`));

export function refreshDelayMs(session: Session | null): number {
  const left = (session?.accessTokenExpiresIn ?? 0) * 1000 - ACCESS_TOKEN_REFRESH_MARGIN_MS;
  return Math.max(MIN_REFRESH_DELAY_MS, left);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    /** GET session: the session, or null when signed out. */
    fetchSession: fromPromise<Session | null>(notProvided('fetchSession')),
    fetchUser: fromPromise<IdentityUser, { userId: string }>(notProvided('fetchUser')),
    fetchProfile: fromPromise<UserProfile, { userId: string }>(notProvided('fetchProfile')),
    fetchMerchantUserInfo: fromPromise<MerchantUserInfo, { userId: string }>(notProvided('fetchMerchantUserInfo')),
    /** POST session with data.firstLogin=false: the updated session. */
    clearFirstLogin: fromPromise<Session | null>(notProvided('clearFirstLogin')),
    /** POST signout: ends the session on the server. */
    endSession: fromPromise<void>(notProvided('endSession')),
    /** POST two-step/verify with the code: opens the session (its cookies), or refuses (400 counted, 429 locked). */
    verifyTwoStepCode: fromPromise<void, { code: string }>(notProvided('verifyTwoStepCode')),
    /** GET two-step: whether it is on, and whether the sign-in policy requires it of this user. */
    fetchTwoStepStanding: fromPromise<TwoStepStanding>(notProvided('fetchTwoStepStanding')),
    /** The live event stream's connection (issue 38); the host provides its stream. */
    liveConnection: liveConnectionMachine,
  },
  actions: {
    /** Host: forget the active property (spec 4 "Signing out clears the active property"). */
    clearActiveProperty: () => undefined,
    /** Host: go to /sign-in, saying why (SessionRequired keeps the current page as callbackUrl). */
    navigateToSignIn: (_, _params: { reason: SignInReason }) => undefined,
    /** Host: tell the other tabs the session changed. */
    broadcastChange: () => undefined,
    /** Host: POST _log with CLIENT_FETCH_ERROR / CLIENT_SESSION_ERROR (spec 8). */
    logError: (_, _params: { code: 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR'; error: unknown }) => undefined,
    storeSession: assign({ session: ({ event }) => (event as unknown as { output: Session }).output }),
    forgetSession: assign({ session: null, user: null, profile: null, merchantUserInfo: null, error: null, twoStepCode: null, twoStepError: null }),
    forgetTwoStep: assign({ twoStepCode: null, twoStepError: null }),
  },
  guards: {
    hasSession: ({ event }) => Boolean((event as unknown as { output: Session | null }).output?.accessToken),
    hasNoSession: ({ event }) => !(event as unknown as { output: Session | null }).output?.accessToken,
    isOtherUser: ({ context, event }) => (event as unknown as { output: Session | null }).output?.user.id !== context.session?.user.id,
    isFirstLogin: ({ context }) => context.session?.firstLogin === true,
    /** The server locked the code step after too many wrong codes (429). */
    isLockedOut: ({ event }) => (event as unknown as { error?: { status?: number } }).error?.status === 429,
    /** Only provider roles fall under the sign-in policy (decision 0310); nobody else waits for the check. */
    hasProviderRole: ({ context }) => (context.user?.userRoles ?? []).some((entry) => isOneOf(PROVIDER_ROLES, entry.roleName)),
    mustSetUpTwoStep: ({ event }) => {
      const standing = (event as unknown as { output: TwoStepStanding }).output;
      return standing.required && !standing.enabled;
    },
  },
  delays: {
    refreshDelay: ({ context }) => refreshDelayMs(context.session),
    refreshRetryDelay: REFRESH_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  description: 'Session client: who is signed in, their user, profile and merchant info, and a fresh access token',
  initial: 'loading',
  context: { session: null, user: null, profile: null, merchantUserInfo: null, error: null, twoStepCode: null, twoStepError: null },
  states: {
    loading: {
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        onDone: [{ guard: 'hasSession', target: 'authenticated', actions: 'storeSession' }, { target: 'unauthenticated' }],
        onError: {
          target: 'unauthenticated',
          actions: { type: 'logError', params: ({ event }) => ({ code: 'CLIENT_FETCH_ERROR' as const, error: event.error }) },
        },
      },
    },
    unauthenticated: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.signedIn': 'checking',
            'session.broadcast': 'checking',
            'session.visible': 'checking',
            'session.twoStepRequired': { target: 'twoStep', actions: 'forgetTwoStep' },
          },
        },
        // Two-step sign-in (decision 0271): after a right password, the code of the user's app.
        twoStep: {
          initial: 'awaitingCode',
          on: { 'session.twoStepCancelled': { target: 'idle', actions: 'forgetTwoStep' } },
          states: {
            awaitingCode: {
              on: { 'session.codeSubmitted': { target: 'verifying', actions: assign({ twoStepCode: ({ event }) => event.code }) } },
            },
            verifying: {
              invoke: {
                id: 'verifyTwoStepCode',
                src: 'verifyTwoStepCode',
                input: ({ context }) => ({ code: context.twoStepCode ?? '' }),
                onDone: { target: '#session.unauthenticated.checking', actions: 'forgetTwoStep' },
                onError: [
                  { guard: 'isLockedOut', target: 'lockedOut', actions: assign({ twoStepError: ({ event }) => messageOf(event.error), twoStepCode: null }) },
                  { target: 'awaitingCode', actions: assign({ twoStepError: ({ event }) => messageOf(event.error), twoStepCode: null }) },
                ],
              },
            },
            // Too many wrong codes: only signing in again, later, helps.
            lockedOut: {},
          },
        },
        // A check in the background: the sign-in page stays as it is until a session shows up.
        checking: {
          invoke: {
            id: 'checkSession',
            src: 'fetchSession',
            onDone: [{ guard: 'hasSession', target: '#session.authenticated', actions: 'storeSession' }, { target: 'idle' }],
            onError: {
              target: 'idle',
              actions: { type: 'logError', params: ({ event }) => ({ code: 'CLIENT_FETCH_ERROR' as const, error: event.error }) },
            },
          },
        },
      },
    },
    authenticated: {
      type: 'parallel',
      // Live updates (issue 38): connected while signed in; leaving `authenticated` (sign-out, session ended) closes the stream.
      invoke: { id: 'liveConnection', src: 'liveConnection', systemId: 'liveConnection' },
      on: {
        'session.signOut': '#session.signingOut',
        'session.required': {
          target: '#session.unauthenticated',
          actions: ['forgetSession', { type: 'navigateToSignIn', params: { reason: 'SessionRequired' } }],
        },
      },
      states: {
        // Spec 4 "Auth": loaded once after a session exists, then the first-login flag is cleared.
        user: {
          initial: 'loadingUser',
          states: {
            loadingUser: {
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                input: ({ context }) => ({ userId: context.session?.user.id ?? '' }),
                onDone: { target: 'loadingProfile', actions: assign({ user: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
              },
            },
            loadingProfile: {
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                input: ({ context }) => ({ userId: context.session?.user.id ?? '' }),
                onDone: { target: 'loadingMerchantUserInfo', actions: assign({ profile: ({ event }) => event.output.user }) },
                onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
              },
            },
            loadingMerchantUserInfo: {
              invoke: {
                id: 'fetchMerchantUserInfo',
                src: 'fetchMerchantUserInfo',
                input: ({ context }) => ({ userId: context.session?.user.id ?? '' }),
                onDone: [
                  { guard: 'isFirstLogin', target: 'clearingFirstLogin', actions: assign({ merchantUserInfo: ({ event }) => event.output }) },
                  { target: 'loaded', actions: assign({ merchantUserInfo: ({ event }) => event.output }) },
                ],
                onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
              },
            },
            clearingFirstLogin: {
              invoke: {
                id: 'clearFirstLogin',
                src: 'clearFirstLogin',
                onDone: { target: 'loaded', actions: assign({ session: ({ context, event }) => event.output ?? context.session }) },
                // The flag only matters for the next sign-in; the user can work meanwhile.
                onError: {
                  target: 'loaded',
                  actions: { type: 'logError', params: ({ event }) => ({ code: 'CLIENT_SESSION_ERROR' as const, error: event.error }) },
                },
              },
            },
            // Provider roles: does the sign-in policy want two-step sign-in turned on first (decision 0310)?
            loaded: {
              always: [{ guard: 'hasProviderRole', target: 'checkingTwoStep' }, { target: 'ready' }],
            },
            checkingTwoStep: {
              invoke: {
                id: 'fetchTwoStepStanding',
                src: 'fetchTwoStepStanding',
                onDone: [{ guard: 'mustSetUpTwoStep', target: 'twoStepSetupRequired' }, { target: 'ready' }],
                onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
              },
            },
            // Only the two-step set-up screen opens (the host's guard) until the user turns it on; the server refuses the rest.
            twoStepSetupRequired: {
              on: { 'session.twoStepEnabled': 'ready' },
            },
            ready: {
              on: { 'session.twoStepSetupRequired': 'twoStepSetupRequired' },
            },
            failed: {
              on: { 'session.retry': { target: 'loadingUser', actions: assign({ error: null }) } },
            },
          },
        },
        token: {
          initial: 'fresh',
          states: {
            fresh: {
              after: { refreshDelay: 'refreshing' },
              on: { 'session.visible': 'refreshing', 'session.broadcast': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshSession',
                src: 'fetchSession',
                onDone: [
                  // Signed out elsewhere (another tab, a password reset): leave for sign-in.
                  {
                    guard: 'hasNoSession',
                    target: '#session.unauthenticated',
                    actions: ['forgetSession', { type: 'navigateToSignIn', params: { reason: 'SessionEnded' } }],
                  },
                  // Another account signed in elsewhere in this browser: load that user from scratch.
                  { guard: 'isOtherUser', target: '#session.authenticated', reenter: true, actions: ['forgetSession', 'storeSession'] },
                  { target: 'fresh', actions: 'storeSession' },
                ],
                onError: {
                  target: 'retrying',
                  actions: { type: 'logError', params: ({ event }) => ({ code: 'CLIENT_SESSION_ERROR' as const, error: event.error }) },
                },
              },
            },
            retrying: {
              after: { refreshRetryDelay: 'refreshing' },
              on: { 'session.visible': 'refreshing', 'session.broadcast': 'refreshing' },
            },
          },
        },
      },
    },
    signingOut: {
      entry: 'clearActiveProperty',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: {
          target: 'unauthenticated',
          actions: ['forgetSession', 'broadcastChange', { type: 'navigateToSignIn', params: { reason: 'SignedOut' } }],
        },
        // The local session ends either way; the server session expires on its own.
        onError: {
          target: 'unauthenticated',
          actions: [
            { type: 'logError', params: ({ event }) => ({ code: 'CLIENT_FETCH_ERROR' as const, error: event.error }) },
            'forgetSession',
            'broadcastChange',
            { type: 'navigateToSignIn', params: { reason: 'SignedOut' } },
          ],
        },
      },
    },
  },
});
