import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { PropertyStatus, ScopedProperty } from '../../contract/properties';
import { useSession } from './session/session-provider';

export interface ActivePropertyState {
  properties: ScopedProperty[];
  activeProperty: ScopedProperty | undefined;
  /** The status of each listed property (spec 4), for the Inactive property's page and the switcher. */
  statusOf(merchantId: string): PropertyStatus | undefined;
  switchTo(merchantId: string): void;
  /**
   * A merchant-side user's active property is still being read (its statechart arriving or loading
   * the lists): what points at the active property waits instead of guessing without it.
   */
  resolving: boolean;
}

const NO_ACTIVE_PROPERTY: ActivePropertyState = {
  properties: [],
  activeProperty: undefined,
  statusOf: () => undefined,
  switchTo: () => undefined,
  resolving: false,
};
const RUNTIME_ARRIVING: ActivePropertyState = { ...NO_ACTIVE_PROPERTY, resolving: true };
const ActivePropertyContext = createContext<ActivePropertyState>(NO_ACTIVE_PROPERTY);

// The statechart and its calls load with the session, not with /sign-in (issue 13 "First load").
const ActivePropertyRuntime = lazy(() => import('./active-property-runtime').then((module) => ({ default: module.ActivePropertyRuntime })));

/**
 * The active property of merchant-side roles (docs/decisions/0113) for everything below. While
 * someone is signed in, the runtime beside the children runs the statechart and reports its state;
 * the children never remount when it arrives or leaves.
 */
export function ActivePropertyProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [state, setState] = useState<ActivePropertyState | null>(null);
  const signedIn = status === 'authenticated';
  return (
    <ActivePropertyContext.Provider value={signedIn ? (state ?? RUNTIME_ARRIVING) : NO_ACTIVE_PROPERTY}>
      {signedIn && (
        <Suspense fallback={null}>
          <ActivePropertyRuntime onChange={setState} />
        </Suspense>
      )}
      {children}
    </ActivePropertyContext.Provider>
  );
}

export function useActiveProperty(): ActivePropertyState {
  return useContext(ActivePropertyContext);
}
