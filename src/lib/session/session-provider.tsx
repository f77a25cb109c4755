import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { IdentityUser, Session } from '../../../contract/auth';
import { type MerchantUserInfo, type UserProfile } from '../../../contract/users';
import { configureApiClient } from '../api-client';
import { inspect } from '../inspector';
import { broadcastSessionChange, listenForSessionChanges } from './session-broadcast';
import { createSessionLogic } from './session-logic';
import { runSignOutCleanups } from './sign-out-cleanup';

export type SessionActor = ReturnType<typeof useActorRef<ReturnType<typeof createSessionLogic>>>;
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
  /** The identity user with roles and permissions; null until loaded. */
  user: IdentityUser | null;
  profile: UserProfile['user'] | null;
  merchantUserInfo: MerchantUserInfo | null;
  /** True once user, profile and merchant user info are loaded (spec 4 "Auth"). */
  userLoaded: boolean;
  /** The sign-in policy wants two-step sign-in turned on before anything else opens (decision 0310). */
  twoStepSetupRequired: boolean;
  /** The set-up screen calls this once two-step sign-in is on. */
  twoStepEnabled(): void;
  /** Why loading the user failed (then `retry()` tries again); null otherwise. */
  userError: string | null;
  signOut(): void;
  /** The sign-in form calls this after the credentials were accepted: checks the session and tells other tabs. */
  signedIn(): void;
  retry(): void;
}

const SessionContext = createContext<SessionActor | null>(null);

/** Creates the root session actor (with the Stately inspector in development) and binds it to the browser. */
export function SessionProvider({ children }: { children: ReactNode }) {
  // One logic for the provider's lifetime; the host reads the browser at call time.
  const [logic] = useState(() =>
    createSessionLogic({
      navigate: (path) => navigate(path),
      currentPath: () => `${window.location.pathname}${window.location.search}`,
      broadcast: broadcastSessionChange,
      clearActiveProperty: runSignOutCleanups,
    }),
  );
  const actor = useActorRef(logic, { inspect });

  useEffect(() => {
    configureApiClient({
      accessToken: () => actor.getSnapshot().context.session?.accessToken,
      onUnauthorized: () => actor.send({ type: 'session.required' }),
      onTwoStepRequired: () => actor.send({ type: 'session.twoStepSetupRequired' }),
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'session.visible' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    // The live connection waits while the browser is offline and connects as soon as it is back (decision 0442).
    const onOnline = () => actor.system.get('liveConnection')?.send({ type: 'live.online' });
    window.addEventListener('online', onOnline);
    const stopListening = listenForSessionChanges(() => actor.send({ type: 'session.broadcast' }));
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      stopListening();
    };
  }, [actor]);

  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor must be used inside <SessionProvider>');
  return actor;
}

export function useSession(): SessionState {
  const actor = useSessionActor();
  const snapshot = useSelector(actor, (state) => state);
  const { session, user, profile, merchantUserInfo, error } = snapshot.context;
  // Signing out is a transition like the first load: neither signed in nor yet signed out.
  const status: SessionStatus = snapshot.matches('authenticated') ? 'authenticated' : snapshot.matches('unauthenticated') ? 'unauthenticated' : 'loading';
  const twoStepSetupRequired = snapshot.matches({ authenticated: { user: 'twoStepSetupRequired' } });
  // Waiting for the two-step set-up, the user is loaded: the guard opens the set-up screen only.
  const userLoaded = snapshot.matches({ authenticated: { user: 'ready' } }) || twoStepSetupRequired;
  const userFailed = snapshot.matches({ authenticated: { user: 'failed' } });
  return useMemo(
    () => ({
      status,
      session,
      user,
      profile,
      merchantUserInfo,
      userLoaded,
      twoStepSetupRequired,
      twoStepEnabled: () => actor.send({ type: 'session.twoStepEnabled' }),
      userError: userFailed ? error : null,
      signOut: () => actor.send({ type: 'session.signOut' }),
      signedIn: () => {
        actor.send({ type: 'session.signedIn' });
        broadcastSessionChange();
      },
      retry: () => actor.send({ type: 'session.retry' }),
    }),
    [actor, status, session, user, profile, merchantUserInfo, userLoaded, twoStepSetupRequired, userFailed, error],
  );
}
