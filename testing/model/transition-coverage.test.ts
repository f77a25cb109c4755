import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machinePaths } from './machine-paths';
import { coveringPaths, machineGraph, pathCoverage } from './transition-coverage';

// A door that opens and closes: the shortest path to "open" is the start of the only path that closes it again.
const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'open' } },
    open: { on: { close: 'closed' } },
  },
});

const generate = (cover: 'states' | 'transitions') => machinePaths(door, { events: [{ type: 'open' }, { type: 'close' }], cover });
const events = (paths: ReturnType<typeof generate>) => paths.map((path) => path.steps.map((step) => step.event.type));

describe('coveringPaths', () => {
  it('walks no path that is the start of another one it walks, and still takes every transition', () => {
    expect(events(generate('states'))).toEqual([['open']]);
    const chosen = coveringPaths(door, generate('states'), generate('transitions'));
    expect(events(chosen)).toEqual([['open', 'close']]);
    const taken = new Set(chosen.flatMap((path) => [...pathCoverage(door, path).transitions]));
    expect([...taken].sort()).toEqual(
      machineGraph(door)
        .transitions.map((transition) => transition.id)
        .sort(),
    );
  });
});
