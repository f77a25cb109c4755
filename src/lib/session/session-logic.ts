import { fromPromise } from 'xstate';
import { authEndpoints, identityEndpoints, type Session } from '../../../contract/auth';
import { twoStepEndpoints } from '../../../contract/two-step';
import { userEndpoints } from '../../../contract/users';
import { sessionMachine, type SignInReason } from '../../../machines/session.machine';
import { call } from '../api-client';
import type { ResponseOf } from '../../../contract/endpoint';

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

/** `{}` (signed out) becomes null, so the machine sees a session or nothing. */
function sessionOrNull(answer: Session | Record<string, never>): Session | null {
  return 'accessToken' in answer ? (answer as Session) : null;
}

export function signInPath(reason: SignInReason, currentPath: string): string {
  if (reason !== 'SessionRequired') return '/sign-in';
  const search = new URLSearchParams({ error: 'SessionRequired', callbackUrl: currentPath });
  return `/sign-in?${search.toString()}`;
}

type Profile = ResponseOf<typeof getUserProfile>;
type MerchantUserInfo = ResponseOf<typeof getMerchantUserInfo>;

/**
 * The user's three reads after a sign-in are independent, but the machine loads them one state
 * after another. On a slow link that was a round trip each before the first screen (decision 0338),
 * so the first read sends the other two at once, and their states take the answers already on the
 * way. Each answer is taken once; a retry starts from the first read and sends all three again.
 */
function userReads() {
  let sent: { userId: string; profile?: Promise<Profile>; merchantUserInfo?: Promise<MerchantUserInfo> } | undefined;
  const quietly = <T>(answer: Promise<T>) => {
    // Its state may never come (the first read failed): an unawaited failure must not be reported as unhandled.
    answer.catch(() => undefined);
    return answer;
  };
  return {
    user(userId: string) {
      const params = { id: userId };
      sent = { userId, profile: quietly(call(getUserProfile, { params })), merchantUserInfo: quietly(call(getMerchantUserInfo, { params })) };
      return call(getIdentityUser, { params });
    },
    profile(userId: string): Promise<Profile> {
      const answer = sent?.userId === userId ? sent.profile : undefined;
      if (sent) sent.profile = undefined;
      return answer ?? call(getUserProfile, { params: { id: userId } });
    },
    merchantUserInfo(userId: string): Promise<MerchantUserInfo> {
      const answer = sent?.userId === userId ? sent.merchantUserInfo : undefined;
      if (sent) sent.merchantUserInfo = undefined;
      return answer ?? call(getMerchantUserInfo, { params: { id: userId } });
    },
  };
}

/** The session machine with its effects bound to the real API (src/lib/api-client.ts) and the host. */
export function createSessionLogic(host: SessionHost) {
  const reads = userReads();
  return sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(async () => sessionOrNull(await call(getSession))),
      fetchUser: fromPromise(({ input }) => reads.user(input.userId)),
      fetchProfile: fromPromise(({ input }) => reads.profile(input.userId)),
      fetchMerchantUserInfo: fromPromise(({ input }) => reads.merchantUserInfo(input.userId)),
      clearFirstLogin: fromPromise(async () => sessionOrNull(await call(updateSession, { body: { data: { firstLogin: false } } }))),
      fetchTwoStepStanding: fromPromise(async () => {
        const { enabled, required } = await call(twoStepEndpoints.getTwoStep);
        return { enabled, required };
      }),
      verifyTwoStepCode: fromPromise(async ({ input }) => {
        await call(twoStepEndpoints.verifyTwoStep, { body: { code: input.code } });
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
