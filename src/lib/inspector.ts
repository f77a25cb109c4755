import type { InspectionEvent, Observer } from 'xstate';

// The Stately inspector (README "Statecharts"): a development aid that opens stately.ai's inspector
// window and streams every root actor's events to it. Only `VITE_INSPECT=true npm run dev` turns it
// on (vite.config.ts defines __INSPECT__). The package is reached only through the dynamic import
// below, inside the flag's branch: production builds get `false`, drop the branch, and ship none of
// the inspector's code (tests/first-load/production-build.test.ts checks the built files).

export type ActorInspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
export type InspectorLoader = () => Promise<{ inspect: ActorInspect }>;

const loadStatelyInspector: InspectorLoader = async () => (await import('@statelyai/inspect')).createBrowserInspector();

function deliver(target: ActorInspect, event: InspectionEvent): void {
  if (typeof target === 'function') target(event);
  else target.next?.(event);
}

/**
 * The `inspect` option for createActor when `enabled`, else undefined. The inspector arrives
 * asynchronously: the events of the actors' first moments are kept and handed over once it is there.
 */
export function inspectorFor(enabled: boolean, load: InspectorLoader): ActorInspect | undefined {
  if (!enabled) return undefined;
  const early: InspectionEvent[] = [];
  let target: ActorInspect | undefined;
  load().then(
    (inspector) => {
      target = inspector.inspect;
      for (const event of early.splice(0)) deliver(target, event);
    },
    (error: unknown) => {
      target = () => undefined;
      early.length = 0;
      console.error('the Stately inspector did not load', error);
    },
  );
  return (event) => {
    if (target) deliver(target, event);
    else early.push(event);
  };
}

// `typeof` keeps modules importable where the build-time constant is not defined (vitest, tsx).
const INSPECT_FLAG = typeof __INSPECT__ !== 'undefined' && __INSPECT__;

/** Pass as `createActor(machine, { inspect })` for every root actor. */
export const inspect: ActorInspect | undefined = INSPECT_FLAG ? inspectorFor(true, loadStatelyInspector) : undefined;
