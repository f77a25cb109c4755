import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { groupOpensPage } from '../../contract/permission-rules';
import { propertyEndpoints } from '../../contract/properties';
import { isOneOf, MERCHANT_SIDE_ROLES } from '../../contract/roles';
import { activePropertyMachine } from '../../machines/active-property.machine';
import type { ActivePropertyState } from './active-property';
import { call } from './api-client';
import { forgetGrantsVersion, onGrantsChanged } from './grants-version';
import { inspect } from './inspector';
import { currentRoleOf } from './permissions';
import { notifyError } from './notifications/notify';
import { useSession, useSessionActor } from './session/session-provider';
import { registerSignOutCleanup } from './session/sign-out-cleanup';

// The active-property statechart and its calls, loaded by ActivePropertyProvider (active-property.tsx)
// only while someone is signed in, so /sign-in does not download them (issue 13 "First load").

const { getUserScopeProperties, getPropertyStatuses } = propertyEndpoints;

/** localStorage key of the active property id: a reload keeps the property (docs/decisions/0113). */
export const ACTIVE_PROPERTY_STORAGE_KEY = 'folio.active-property';

function remembered(): string | null {
  try {
    return localStorage.getItem(ACTIVE_PROPERTY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(merchantId: string | null): void {
  try {
    if (merchantId) localStorage.setItem(ACTIVE_PROPERTY_STORAGE_KEY, merchantId);
    else localStorage.removeItem(ACTIVE_PROPERTY_STORAGE_KEY);
  } catch {
    // Without storage the property is picked again after a reload; nothing else depends on it.
  }
}

// The lists are fetched by the machine's own actors, straight through the api client: no retry,
// no cache, no refetch on focus (spec 7 "Answers and errors").
const logic = activePropertyMachine.provide({
  actors: {
    loadPropertyList: fromPromise(({ input }) => call(getUserScopeProperties, { params: { id: input.userId } })),
    loadPropertyStatuses: fromPromise(() => call(getPropertyStatuses, { body: {} })),
  },
  actions: {
    persist: (_, params) => remember(params.merchantId),
    forget: () => remember(null),
    navigateToPropertyManagement: () => navigate('/property-management'),
    notifyLoadError: (_, params) => notifyError(params.error),
  },
});

/**
 * Runs the active-property statechart for merchant-side roles once their user is loaded and hands
 * its state to the provider (`onChange`; null when it stops). Mounted while the session is signed in.
 */
export function ActivePropertyRuntime({ onChange }: { onChange(state: ActivePropertyState | null): void }) {
  const actor = useActorRef(logic, { inspect });
  const sessionActor = useSessionActor();
  const { user, userLoaded, merchantUserInfo } = useSession();
  const role = currentRoleOf(user?.userRoles);
  // Until the merchant group is Active its properties stay closed (decision 0183): no lists to load.
  const merchantSide = isOneOf(MERCHANT_SIDE_ROLES, role) && groupOpensPage('MerchantScopes', merchantUserInfo?.merchantGroupStatus ?? null);
  const userId = user?.userId;

  useEffect(
    () =>
      registerSignOutCleanup(() => {
        actor.send({ type: 'activeProperty.clear' });
        forgetGrantsVersion();
      }),
    [actor],
  );

  // An admin widened or narrowed the scope (the grants header changed), or the user comes back to the
  // tab: the switcher reads the list again, without a reload (decision 0311).
  useEffect(() => {
    const refresh = () => actor.send({ type: 'activeProperty.refresh' });
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    const stopListening = onGrantsChanged(refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [actor]);

  // A session that ends without a sign-out (expired, or ended in another tab) unmounts this: the
  // remembered property is forgotten as the machine's clear would (the actor itself stops with us).
  useEffect(
    () => () => {
      if (sessionActor.getSnapshot().matches('unauthenticated')) remember(null);
    },
    [sessionActor],
  );

  useEffect(() => {
    if (!userLoaded || !merchantSide || !userId) return;
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'activeProperty.start', userId, rememberedId: remembered() });
  }, [actor, userLoaded, merchantSide, userId]);

  const properties = useSelector(actor, (snapshot) => snapshot.context.properties);
  const activeId = useSelector(actor, (snapshot) => snapshot.context.activePropertyId);
  const statuses = useSelector(actor, (snapshot) => snapshot.context.statuses);
  const resolving = useSelector(actor, (snapshot) => merchantSide && (snapshot.matches('idle') || snapshot.matches('loading')));
  const [switchTo] = useState(() => (merchantId: string) => actor.send({ type: 'activeProperty.switch', merchantId }));
  const value = useMemo(
    () => ({
      properties,
      activeProperty: properties.find((property) => property.merchantId === activeId),
      statusOf: (merchantId: string) => statuses.find((entry) => entry.merchantId === merchantId)?.status,
      switchTo,
      resolving,
    }),
    [properties, activeId, statuses, switchTo, resolving],
  );
  useEffect(() => onChange(value), [onChange, value]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
