import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { coverageSvg } from '../../scripts/statecharts/coverage-svg';
import type { PathRecord } from '../../testing/model/coverage-record';
import { coverageProblems, machineCoverage } from '../../testing/model/coverage-report';
import { machinePaths } from '../../testing/model/machine-paths';
import { machineGraph, pathCoverage } from '../../testing/model/transition-coverage';

// A machine whose counts are known by reading it: 4 states (idle, loading, shown, failed) and
// 6 transitions: idle --load--> loading; loading --done [hasItems]--> shown; loading --done--> failed
// (the guarded alternative counts on its own); loading --error--> failed; failed --after 1000--> idle;
// shown --reset--> idle.
const small = setup({
  types: { events: {} as { type: 'load' } | { type: 'reset' } },
  actors: { fetchItems: fromPromise<{ items: number }>(async () => ({ items: 1 })) },
  guards: { hasItems: ({ event }) => ((event as unknown as { output?: { items: number } }).output?.items ?? 0) > 0 },
}).createMachine({
  id: 'small',
  initial: 'idle',
  states: {
    idle: { on: { load: 'loading' } },
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetchItems',
        onDone: [{ guard: 'hasItems', target: 'shown' }, { target: 'failed' }],
        onError: 'failed',
      },
    },
    shown: { on: { reset: 'idle' } },
    failed: { after: { 1000: 'idle' } },
  },
});

const pathsOf = (outputs: Array<{ items: number }>, dedupe = true) =>
  machinePaths(small, { events: [{ type: 'load' }, { type: 'reset' }], environment: { output: { fetch: outputs } }, cover: 'transitions', dedupe });

describe('model coverage arithmetic', () => {
  it('counts every state and every transition candidate of a machine, guarded alternatives and environment events included', () => {
    const graph = machineGraph(small);
    expect(graph.states.sort()).toEqual(['failed', 'idle', 'loading', 'shown']);
    expect(graph.transitions.map((transition) => transition.id).sort()).toEqual([
      'failed|xstate.after.1000.small.failed|0',
      'idle|load|0',
      'loading|xstate.done.actor.fetch|0',
      'loading|xstate.done.actor.fetch|1',
      'loading|xstate.error.actor.fetch|0',
      'shown|reset|0',
    ]);
  });

  it('credits a path with exactly the transitions the machine selects along it', () => {
    const [toShown] = pathsOf([{ items: 2 }], false).filter((path) => path.steps.at(-1)?.state.value === 'shown');
    expect(toShown).toBeDefined();
    const coverage = pathCoverage(small, toShown!);
    expect([...coverage.transitions].sort()).toEqual(['idle|load|0', 'loading|xstate.done.actor.fetch|0']);
    expect([...coverage.states].sort()).toEqual(['idle', 'loading', 'shown']);
  });

  it('reports what no browser path took, and fails the check for what has no reason or falls below the baseline', () => {
    const records: PathRecord[] = pathsOf([{ items: 2 }, { items: 0 }]).map((path) => {
      const coverage = pathCoverage(small, path);
      return { machine: 'small', path: path.description, states: [...coverage.states], transitions: [...coverage.transitions] };
    });
    const all = machineCoverage(small, records);
    expect(all.transitions).toMatchObject({ total: 6, covered: 6, uncovered: [] });
    expect(all.states).toMatchObject({ total: 4, covered: 4 });

    // One path fewer: the error branch and what follows it are no longer taken.
    const withoutError = records.filter((record) => !record.transitions.includes('loading|xstate.error.actor.fetch|0'));
    const partial = machineCoverage(small, withoutError);
    expect(partial.transitions.uncovered.map((item) => item.id)).toContain('loading|xstate.error.actor.fetch|0');
    const problems = coverageProblems([partial], { small: { states: 4, transitions: 6 } });
    expect(problems).toContain(`small: ${partial.transitions.covered} transitions driven in the browser, 6 recorded`);
    expect(problems.some((problem) => problem.includes('loading --xstate.error.actor.fetch--> failed'))).toBe(true);

    // A reason recorded beside the test excuses it, but the baseline still holds.
    const excused = machineCoverage(small, withoutError, { 'loading|xstate.error.actor.fetch|0': 'covered by API test X' });
    expect(coverageProblems([excused], {}).filter((problem) => problem.includes('fetch--> failed'))).toEqual([]);

    // A reason that names a test file which is not in the tree fails the check.
    const stale = machineCoverage(small, withoutError, { 'loading|xstate.error.actor.fetch|0': 'covered by tests/gone/fetch.test.ts' });
    expect(coverageProblems([stale], {}, () => false)).toContain(
      'small: the reason for loading --xstate.error.actor.fetch--> failed (loading|xstate.error.actor.fetch|0) names tests/gone/fetch.test.ts, which does not exist',
    );
    expect(coverageProblems([stale], {}, () => true).filter((problem) => problem.includes('fetch--> failed'))).toEqual([]);
  });

  it('draws the coverage diagram with driven, proven-elsewhere, explained and missing transitions in their own colours', () => {
    const records: PathRecord[] = [
      { machine: 'small', path: 'p', states: ['idle', 'loading', 'shown'], transitions: ['idle|load|0', 'loading|xstate.done.actor.fetch|0'] },
    ];
    const reasons = { 'shown|reset|0': 'covered by machines/small.machine.test.ts', 'loading|xstate.error.actor.fetch|0': 'the browser cannot fail it' };
    const svg = coverageSvg(small, machineCoverage(small, records, reasons), (file) => file === 'machines/small.machine.test.ts');
    expect(svg.match(/stroke="#15803d" stroke-width="2.4"/g)).toHaveLength(2);
    expect(svg.match(/stroke="#1d4ed8" stroke-width="2.4"/g)).toHaveLength(1);
    expect(svg.match(/stroke="#b45309" stroke-width="2.4"/g)).toHaveLength(1);
    expect(svg.match(/stroke="#b91c1c" stroke-width="2.4"/g)).toHaveLength(2);
  });
});
