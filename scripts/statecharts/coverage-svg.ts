import type { AnyStateMachine } from 'xstate';
import type { MachineCoverage } from '../../testing/model/coverage-report';
import { reasonKind } from '../../testing/model/reason-kind';
import { toSvg } from './to-svg';
import { walkMachine, type TransitionInfo } from './walk-machine';

// Coverage colours: green driven in the browser; blue not in the browser but proven by the machine, API
// or browser test its reason names; amber not driven, with a reason but no test; red not driven, unexplained.
export const COVERAGE_COLOURS = { browser: '#15803d', provenElsewhere: '#1d4ed8', explained: '#b45309', missing: '#b91c1c' } as const;

/** The same id scheme as testing/model/transition-coverage.ts: source, event, candidate index. */
function transitionIds(transitions: readonly TransitionInfo[]): string[] {
  const seen = new Map<string, number>();
  return transitions.map((transition) => {
    const source = transition.source === '' ? '(machine)' : transition.source;
    const event = transition.eventType === '' ? 'always' : transition.eventType;
    const key = `${source}|${event}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return `${key}|${index}`;
  });
}

export function coverageSvg(machine: AnyStateMachine, coverage: MachineCoverage, exists: (file: string) => boolean): string {
  const model = walkMachine(machine);
  const ids = transitionIds(model.transitions);
  const excusedStates = new Map(coverage.states.uncovered.map((item) => [item.id, item.reason]));
  const excusedTransitions = new Map(coverage.transitions.uncovered.map((item) => [item.id, item.reason]));
  const colour = (uncovered: Map<string, string | undefined>, id: string) =>
    uncovered.has(id) ? COVERAGE_COLOURS[reasonKind(uncovered.get(id), exists)] : COVERAGE_COLOURS.browser;
  return toSvg(model, {
    state: (key) => colour(excusedStates, key),
    transition: (index) => colour(excusedTransitions, ids[index] ?? ''),
    legend: `coverage: green = driven in the browser, blue = proven by the machine or API test named, amber = not driven (reason recorded), red = not driven, no reason`,
  });
}
