import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { propertyEndpoints, type ScopedProperty } from '../../contract/properties';
import { isOneOf, MERCHANT_SIDE_ROLES } from '../../contract/roles';
import { activePropertyMachine } from '../../machines/active-property.machine';
import { call } from './api-client';
import { inspect } from './inspector';
import { currentRoleOf } from './permissions';
import { notifyError } from './notifications/notify';
import { useSession } from './session/session-provider';
import { registerSignOutCleanup } from './session/sign-out-cleanup';

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

export interface ActivePropertyState {
  properties: ScopedProperty[];
  activeProperty: ScopedProperty | undefined;
  switchTo(merchantId: string): void;
}

const ActivePropertyContext = createContext<ActivePropertyState>({ properties: [], activeProperty: undefined, switchTo: () => undefined });

/** Runs the active-property statechart for merchant-side roles once their user is loaded. */
export function ActivePropertyProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(logic, { inspect });
  const { status, user, userLoaded } = useSession();
  const role = currentRoleOf(user?.userRoles);
  const merchantSide = isOneOf(MERCHANT_SIDE_ROLES, role);
  const userId = user?.userId;

  useEffect(() => registerSignOutCleanup(() => actor.send({ type: 'activeProperty.clear' })), [actor]);

  useEffect(() => {
    if (status === 'unauthenticated') {
      if (!actor.getSnapshot().matches('idle')) actor.send({ type: 'activeProperty.clear' });
      return;
    }
    if (!userLoaded || !merchantSide || !userId) return;
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('idle')) actor.send({ type: 'activeProperty.start', userId, rememberedId: remembered() });
  }, [actor, status, userLoaded, merchantSide, userId]);

  const properties = useSelector(actor, (snapshot) => snapshot.context.properties);
  const activeId = useSelector(actor, (snapshot) => snapshot.context.activePropertyId);
  const [switchTo] = useState(() => (merchantId: string) => actor.send({ type: 'activeProperty.switch', merchantId }));
  const value = useMemo(
    () => ({ properties, activeProperty: properties.find((property) => property.merchantId === activeId), switchTo }),
    [properties, activeId, switchTo],
  );
  return <ActivePropertyContext.Provider value={value}>{children}</ActivePropertyContext.Provider>;
}

export function useActiveProperty(): ActivePropertyState {
  return useContext(ActivePropertyContext);
}
