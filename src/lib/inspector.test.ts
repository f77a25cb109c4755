import { describe, expect, it, vi } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { createSessionLogic } from './session/session-logic';
import { inspect, inspectorFor } from './inspector';

const host = { navigate: () => undefined, currentPath: () => '/', broadcast: () => undefined, clearActiveProperty: () => undefined };

/** A stand-in for stately.ai's browser inspector: loads like the real one (asynchronously) and records what it is given. */
function recordingInspector() {
  const events: InspectionEvent[] = [];
  let resolveLoad: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (resolveLoad = resolve));
  const load = vi.fn(async () => {
    await loaded;
    return { inspect: { next: (event: InspectionEvent) => void events.push(event) } };
  });
  const finishLoading = async () => {
    resolveLoad();
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { events, load, finishLoading };
}

describe('Stately inspector behind the __INSPECT__ flag', () => {
  it('loads no inspector when the flag is off', () => {
    const { load } = recordingInspector();
    expect(inspectorFor(false, load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    // Here, as in a production build, __INSPECT__ is not true: the module exports nothing to wire.
    expect(inspect).toBeUndefined();
  });

  it('wires the inspect callback into the root session actor when the flag is on, keeping the events sent before the inspector loaded', async () => {
    const inspector = recordingInspector();
    const inspectOption = inspectorFor(true, inspector.load);
    expect(inspector.load).toHaveBeenCalledTimes(1);
    // The same call the SessionProvider makes: useActorRef(createSessionLogic(host), { inspect }).
    const actor = createActor(createSessionLogic(host), { inspect: inspectOption });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    actor.start();
    expect(inspector.events).toEqual([]);
    await inspector.finishLoading();
    const early = inspector.events.length;
    expect(inspector.events.some((event) => event.type === '@xstate.actor' && event.actorRef === actor)).toBe(true);
    actor.send({ type: 'session.visible' });
    actor.stop();
    vi.unstubAllGlobals();
    expect(inspector.events.length).toBeGreaterThan(early);
    const types = new Set(inspector.events.map((event) => event.type));
    expect(types).toContain('@xstate.snapshot');
    expect(types).toContain('@xstate.event');
  });
});
