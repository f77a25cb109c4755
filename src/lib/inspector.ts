import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';

// The Stately inspector (README "Statecharts and the inspector"): a development aid that opens
// stately.ai's inspector window and streams every root actor's events to it. Only
// `VITE_INSPECT=true npm run dev` turns it on (vite.config.ts defines __INSPECT__); production
// builds get `false`, the branch below is dropped, and the package is tree-shaken away.

export type ActorInspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The `inspect` option for createActor when `enabled`, else undefined; `create` is injectable for tests. */
export function inspectorFor(enabled: boolean, create: () => { inspect: ActorInspect } = createBrowserInspector): ActorInspect | undefined {
  return enabled ? create().inspect : undefined;
}

// `typeof` keeps modules importable where the build-time constant is not defined (vitest, tsx).
const INSPECT_FLAG = typeof __INSPECT__ !== 'undefined' && __INSPECT__;

/** Pass as `createActor(machine, { inspect })` for every root actor. */
export const inspect: ActorInspect | undefined = INSPECT_FLAG ? inspectorFor(true) : undefined;
