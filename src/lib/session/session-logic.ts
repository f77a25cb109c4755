import { fromCallback, fromPromise } from 'xstate';
import { authEndpoints, identityEndpoints, type Session } from '../../../contract/auth';
import { userEndpoints } from '../../../contract/users';
import { liveConnectionMachine, type LiveConnectionEvent } from '../../../machines/live-connection.machine';
import { sessionMachine, type SignInReason } from '../../../machines/session.machine';
import { openLiveStream } from '../live/live-stream';
import { call } from '../api-client';

const { getSession, updateSession, getCsrf, signOut, clientLog } = authEndpoints;
const { getIdentityUser } = identityEndpoints;
const { getUserProfile, getMerchantUserInfo } = userEndpoints;

/** What the browser gives the session machine: where to go, how to tell other tabs, what to clear. */
export interface SessionHost {
  navigate(path: string): void;
  currentPath(): string;
  broadcast(): void;
  clearActiveProperty(): void;
}

/**
 * The two-step endpoints, fetched when first used (after a right password, or the policy check once
 * signed in) with the code form's chunk, so the sign-in page does not carry them (decision 0571).
 */
const twoStepContract = () => import('../../../contract/two-step');

/** `{}` (signed out) becomes null, so the machine sees a session or nothing. */
function sessionOrNull(answer: Session | Record<string, never>): Session | null {
  return 'accessToken' in answer ? (answer as Session) : null;
}

export function signInPath(reason: SignInReason, currentPath: string): string {
  if (reason !== 'SessionRequired') return '/sign-in';
  const search = new URLSearchParams({ error: 'SessionRequired', callbackUrl: currentPath });
  return `/sign-in?${search.toString()}`;
}

/**
 * A read of one user's that can be sent ahead of its state: the user's three reads after a sign-in
 * are independent, but the machine loads them one state after another, a round trip each on a slow
 * link before the first screen (decision 0338). So the first read sends the other two at once, and
 * their states take the answers already on the way. An answer is taken once; a retry starts from the
 * first read and sends them again.
 */
function sentAhead<T>(read: (userId: string) => Promise<T>) {
  let ahead: { userId: string; answer: Promise<T> } | undefined;
  return {
    send(userId: string): void {
      const answer = read(userId);
      // Its state may never come (the first read failed): an unawaited failure must not be reported as unhandled.
      answer.catch(() => undefined);
      ahead = { userId, answer };
    },
    take(userId: string): Promise<T> {
      const answer = ahead?.userId === userId ? ahead.answer : undefined;
      ahead = undefined;
      return answer ?? read(userId);
    },
  };
}

/** The session machine with its effects bound to the real API (src/lib/api-client.ts) and the host. */
export function createSessionLogic(host: SessionHost) {
  const profile = sentAhead((id) => call(getUserProfile, { params: { id } }));
  const merchantUserInfo = sentAhead((id) => call(getMerchantUserInfo, { params: { id } }));
  return sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(async () => sessionOrNull(await call(getSession))),
      fetchUser: fromPromise(({ input }) => {
        profile.send(input.userId);
        merchantUserInfo.send(input.userId);
        return call(getIdentityUser, { params: { id: input.userId } });
      }),
      fetchProfile: fromPromise(({ input }) => profile.take(input.userId)),
      fetchMerchantUserInfo: fromPromise(({ input }) => merchantUserInfo.take(input.userId)),
      clearFirstLogin: fromPromise(async () => sessionOrNull(await call(updateSession, { body: { data: { firstLogin: false } } }))),
      fetchTwoStepStanding: fromPromise(async () => {
        const { twoStepEndpoints } = await twoStepContract();
        const { enabled, required } = await call(twoStepEndpoints.getTwoStep);
        return { enabled, required };
      }),
      verifyTwoStepCode: fromPromise(async ({ input }) => {
        const { twoStepEndpoints } = await twoStepContract();
        await call(twoStepEndpoints.verifyTwoStep, { body: { code: input.code } });
      }),
      liveConnection: liveConnectionMachine.provide({
        actors: { stream: fromCallback<LiveConnectionEvent, { lastEventId: string | null }>(({ sendBack, input }) => openLiveStream(sendBack, input)) },
      }),
      endSession: fromPromise(async () => {
        const { csrfToken } = await call(getCsrf);
        await call(signOut, { body: { csrfToken, json: 'true' } });
      }),
    },
    actions: {
      clearActiveProperty: () => host.clearActiveProperty(),
      navigateToSignIn: (_, params) => host.navigate(signInPath(params.reason, host.currentPath())),
      broadcastChange: () => host.broadcast(),
      logError: (_, params) => {
        const message = params.error instanceof Error ? params.error.message : String(params.error);
        // Fire and forget: a failing log must not become another error.
        call(clientLog, { body: { level: 'error', code: params.code, message } }).catch(() => undefined);
      },
    },
  });
}
