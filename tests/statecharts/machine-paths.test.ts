import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendParent, setup, SimulatedClock, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import {
  activeStateKeys,
  byStateValue,
  environmentEventSources,
  environmentEvents,
  leafStateKeys,
  machinePaths,
  machineStates,
  replayPath,
  stateCoverage,
  userEventTypes,
  type MachinePath,
} from '../../testing/model/machine-paths';
import { orderFixtureMachine } from './fixtures/order.machine';

type OrderMachine = typeof orderFixtureMachine;
type OrderSnapshot = SnapshotFrom<OrderMachine>;

const userEvents = [
  { type: 'EDIT' },
  { type: 'ADD_LINE' },
  { type: 'TOGGLE_NOTES' },
  { type: 'TOUCH' },
  { type: 'DISCARD' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
] as const;

// `lines` and `attempts` grow without bound; only whether they matter to a guard makes states different.
const serialize = (s: OrderSnapshot) => JSON.stringify([s.value, s.context.lines > 0, Math.min(s.context.attempts, 2), s.context.touched]);

const paths = machinePaths(orderFixtureMachine, { events: userEvents, serialize });

describe('environment events', () => {
  it('are derived from invoke and after definitions', () => {
    expect(environmentEventSources(orderFixtureMachine)).toEqual([
      { type: 'xstate.done.actor.save', kind: 'done', stateKey: 'saving', invokeId: 'save', src: 'saveOrder' },
      { type: 'xstate.error.actor.save', kind: 'error', stateKey: 'saving', invokeId: 'save', src: 'saveOrder' },
      { type: 'xstate.after.30000.orderFixture.failed', kind: 'after', stateKey: 'failed', delay: 30000 },
      { type: 'xstate.after.autoRetry.orderFixture.failed', kind: 'after', stateKey: 'failed', delay: 'autoRetry' },
    ]);
  });

  it('take payload samples by invoke id or src', () => {
    const events = environmentEvents(orderFixtureMachine, {
      output: { saveOrder: [{ id: 'A' }, { id: 'B' }] },
      error: { save: ['HTTP 500'] },
    });
    expect(events).toEqual([
      { type: 'xstate.done.actor.save', actorId: 'save', output: { id: 'A' } },
      { type: 'xstate.done.actor.save', actorId: 'save', output: { id: 'B' } },
      { type: 'xstate.error.actor.save', actorId: 'save', error: 'HTTP 500' },
      { type: 'xstate.after.30000.orderFixture.failed' },
      { type: 'xstate.after.autoRetry.orderFixture.failed' },
    ]);
  });

  it('user event types exclude XState internals', () => {
    expect(userEventTypes(orderFixtureMachine)).toEqual(['CANCEL', 'EDIT', 'SUBMIT', 'TOUCH', 'ADD_LINE', 'DISCARD', 'TOGGLE_NOTES', 'RETRY']);
  });
});

describe('machinePaths', () => {
  it('reaches every state, including those driven by actors, timers and always-transitions', () => {
    const coverage = stateCoverage(orderFixtureMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect([...coverage.covered].sort()).toEqual([...coverage.all].sort());
    expect(coverage.all.size).toBe(machineStates(orderFixtureMachine).length);
  });

  it('takes the timer and actor transitions', () => {
    const typesIn = (list: Array<MachinePath<OrderMachine>>) => new Set(list.flatMap((p) => p.steps.map((s) => s.event.type)));
    const environment = environmentEventSources(orderFixtureMachine).map((s) => s.type);
    // Reaching every state needs the actor outcomes and the long timeout...
    expect([...typesIn(paths)].filter((t) => environment.includes(t)).sort()).toEqual([
      'xstate.after.30000.orderFixture.failed',
      'xstate.done.actor.save',
      'xstate.error.actor.save',
    ]);
    // ...while the auto-retry lands where RETRY already did, so only transition coverage takes it.
    const all = typesIn(machinePaths(orderFixtureMachine, { events: userEvents, serialize, cover: 'transitions' }));
    expect(environment.filter((t) => !all.has(t))).toEqual([]);
  });

  it('respects guards: SUBMIT only after a line was added', () => {
    for (const path of paths) {
      const submit = path.steps.findIndex((s) => s.event.type === 'SUBMIT');
      if (submit < 0) continue;
      expect(path.steps.slice(0, submit).some((s) => s.event.type === 'ADD_LINE')).toBe(true);
    }
  });

  it('describes paths uniquely and keeps no path that is a prefix of another', () => {
    const descriptions = paths.map((p) => p.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(descriptions).toContain('reaches cancelled via CANCEL');
    const signatures = paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)).join('|'));
    for (const [i, sig] of signatures.entries()) {
      expect(signatures.filter((other, j) => j !== i && other.startsWith(`${sig}|`))).toEqual([]);
    }
  });

  it('each path replays through the pure transition function to its target state', () => {
    for (const path of paths) {
      const snapshots = replayPath(orderFixtureMachine, path);
      expect(snapshots.map((s) => s.value)).toEqual(path.steps.map((s) => s.state.value));
      const last = (snapshots[snapshots.length - 1] ?? path.initialState) as AnyMachineSnapshot;
      expect(last.value).toEqual(path.targetState.value);
      expect(leafStateKeys(last.value)).toEqual(path.targetStateKeys);
    }
  });

  it('each path replays through a live actor (host-provided actors that never settle, simulated clock)', () => {
    const hosted = orderFixtureMachine.provide({
      actors: { saveOrder: fromPromise<{ id: string }, { lines: number }>(() => new Promise(() => {})) },
    });
    for (const path of paths) {
      const actor = createActor(hosted, { clock: new SimulatedClock() }).start();
      for (const step of path.steps) {
        // Environment events are not in the machine's event union, but the actor routes them like its own.
        actor.send(step.event as Parameters<typeof actor.send>[0]);
        expect(actor.getSnapshot().value, `${path.description} after ${step.event.type}`).toEqual(step.state.value);
      }
      expect(actor.getSnapshot().value).toEqual(path.targetState.value);
      expect(actor.getSnapshot().context).toEqual(path.targetState.context);
      actor.stop();
    }
  });

  it('cover: "transitions" also walks every edge the shortest-path tree skips', () => {
    const edgesWalked = (list: Array<MachinePath<OrderMachine>>) => {
      const walked = new Set<string>();
      for (const path of list) {
        let previous = path.initialState;
        for (const step of path.steps) {
          walked.add(`${serialize(previous)} ${JSON.stringify(step.event)}`);
          previous = step.state;
        }
      }
      return walked;
    };
    const transitionPaths = machinePaths(orderFixtureMachine, { events: userEvents, serialize, cover: 'transitions' });
    const statesOnly = edgesWalked(paths);
    const all = edgesWalked(transitionPaths);
    expect([...statesOnly].filter((edge) => !all.has(edge))).toEqual([]);
    expect(all.size).toBeGreaterThan(statesOnly.size);
    // Toggling the notes back is never needed to reach a new state, only to walk that transition.
    expect([...all].some((edge) => edge.includes('"notes":"shown"') && edge.includes('TOGGLE_NOTES'))).toBe(true);
  });

  it('stopAt and environment: false limit the exploration', () => {
    const noEnvironment = machinePaths(orderFixtureMachine, { events: userEvents, serialize, environment: false });
    expect(stateCoverage(orderFixtureMachine, noEnvironment).missing).toEqual(['failed', 'saved', 'done']);
    const stopped = machinePaths(orderFixtureMachine, {
      events: userEvents,
      serialize,
      stopAt: (s) => s.matches('editing'),
    });
    expect(stateCoverage(orderFixtureMachine, stopped).covered).toEqual(
      new Set(['viewing', 'cancelled', 'editing', 'editing.lines', 'editing.lines.empty', 'editing.notes', 'editing.notes.hidden']),
    );
  });

  it('byStateValue keeps one path per screen and still covers every state', () => {
    const perScreen = machinePaths(orderFixtureMachine, { events: userEvents, serialize: byStateValue });
    expect(perScreen.length).toBeLessThan(paths.length);
    expect(stateCoverage(orderFixtureMachine, perScreen).missing).toEqual([]);
    expect(perScreen.map((p) => p.description)).toContain('reaches done via EDIT → ADD_LINE → SUBMIT → done(save)');
  });

  it('fails fast on an unbounded state space', () => {
    expect(() => machinePaths(orderFixtureMachine, { events: userEvents, maxStates: 50 })).toThrow(/more than 50 distinct states/);
  });

  it('traverses child machines that report to their parent with sendParent', () => {
    const child = setup({
      types: {} as { context: { n: number }; events: { type: 'TICK' } },
      actors: { load: fromPromise<number>(async () => 1) },
    }).createMachine({
      id: 'child',
      initial: 'loading',
      context: { n: 0 },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            onDone: {
              target: 'ready',
              actions: [assign({ n: ({ event }) => event.output }), sendParent({ type: 'child.ready' })],
            },
          },
        },
        ready: {
          entry: sendParent({ type: 'child.entered' }),
          on: { TICK: { actions: sendParent({ type: 'child.tick' }) } },
        },
      },
    });
    const childPaths = machinePaths(child, { events: [{ type: 'TICK' }], environment: { output: { load: [7] } } });
    expect(stateCoverage(child, childPaths).missing).toEqual([]);
    expect(childPaths.map((p) => p.description)).toEqual(['reaches ready via done(load, 7)']);
    expect(childPaths[0]?.targetState.context).toEqual({ n: 7 });
  });

  it('explains a failing guard on a missing payload sample', () => {
    const strict = setup({
      actors: { load: fromPromise<{ mode: string }>(async () => ({ mode: 'edit' })) },
      guards: { readOnly: ({ event }) => (event as unknown as { output: { mode: string } }).output.mode === 'read' },
    }).createMachine({
      id: 'strict',
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            onDone: [{ guard: 'readOnly', target: 'viewing' }, { target: 'editing' }],
          },
        },
        viewing: {},
        editing: {},
      },
    });
    expect(() => machinePaths(strict, { events: [] })).toThrow(
      /machinePaths\(strict\): done\(load\) in "loading" failed: [\s\S]*mode[\s\S]*Pass sample outputs: environment: \{ output: \{ load: \[\.\.\.\] \} \}\./,
    );
    const ok = machinePaths(strict, {
      events: [],
      environment: { output: { load: [{ mode: 'read' }, { mode: 'edit' }] } },
    });
    expect(stateCoverage(strict, ok).missing).toEqual([]);
  });

  it('activeStateKeys lists ancestors before leaves', () => {
    expect(activeStateKeys({ editing: { lines: 'filled', notes: 'hidden' } })).toEqual([
      'editing',
      'editing.lines',
      'editing.lines.filled',
      'editing.notes',
      'editing.notes.hidden',
    ]);
  });
});
