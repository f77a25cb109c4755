import { describe, expect, it, vi } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { createSessionLogic } from '../app/session/session-logic';
import { inspect, inspectorFor } from './inspector';

const host = { navigate: () => undefined, currentPath: () => '/', broadcast: () => undefined, clearActiveProperty: () => undefined };

describe('Stately inspector behind the __INSPECT__ flag', () => {
  it('creates no inspector when the flag is off', () => {
    const create = vi.fn(() => ({ inspect: () => undefined }));
    expect(inspectorFor(false, create)).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
    // Here, as in a production build, __INSPECT__ is not true: the module exports nothing to wire.
    expect(inspect).toBeUndefined();
  });

  it('wires the inspect callback into the root session actor when the flag is on', () => {
    const events: InspectionEvent[] = [];
    const create = vi.fn(() => ({ inspect: (event: InspectionEvent) => void events.push(event) }));
    const inspectOption = inspectorFor(true, create);
    expect(create).toHaveBeenCalledTimes(1);
    // The same call the SessionProvider makes: useActorRef(createSessionLogic(host), { inspect }).
    const actor = createActor(createSessionLogic(host), { inspect: inspectOption });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    actor.start();
    actor.stop();
    vi.unstubAllGlobals();
    const types = new Set(events.map((event) => event.type));
    expect(types).toContain('@xstate.actor');
    expect(types).toContain('@xstate.snapshot');
    expect(events.some((event) => event.type === '@xstate.actor' && event.actorRef === actor)).toBe(true);
  });
});
