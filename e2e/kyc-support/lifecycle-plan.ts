import { createMachine, type AnyStateMachine } from 'xstate';
import type { OnboardingStatus } from '../../contract/merchant-groups';
import { onboardingLifecycleMachine, type OnboardingEvent } from '../../machines/onboarding-lifecycle.machine';
import { byStateValue, machinePaths, type MachinePath } from '../../testing/model/machine-paths';

/*
 * Which lifecycle paths the e2e suite can drive, and on which merchant group. Every path is
 * generated from the real onboarding machine; a group of the demo seed in status S runs a path of
 * the same machine entered at S (its states and transitions are the machine's own). The applicant's
 * group is the only one whose applicant can submit; nothing outside the server can make an
 * application expire, so expire is left to the server's tests.
 */

export interface LifecycleGroup {
  /** Group name in the demo seed, or undefined for a group the reviewer creates (status Created). */
  name?: string;
  status: OnboardingStatus;
  canSubmit: boolean;
}

export const SEEDED_GROUPS: LifecycleGroup[] = [
  { name: 'Alpine Lodges Group', status: 'Created', canSubmit: true },
  { name: 'Baltic Inns', status: 'Pending', canSubmit: false },
  { name: 'Coastline Stays', status: 'InReview', canSubmit: false },
  { name: 'Danube Hospitality', status: 'SentForResubmission', canSubmit: false },
  { name: 'Emerald Isle Hotels', status: 'Approved', canSubmit: false },
  { name: 'Fjord Retreats', status: 'Rejected', canSubmit: false },
  { name: 'Highland Escapes', status: 'Expired', canSubmit: false },
  { name: 'Iberia Boutique', status: 'ContractSigned', canSubmit: false },
  { name: 'Jura Chalets', status: 'ContractPending', canSubmit: false },
  { name: 'Kastro Island Resorts', status: 'Active', canSubmit: false },
  { name: 'Granite Suites', status: 'Deleted', canSubmit: false },
  { status: 'Created', canSubmit: false },
];

const ALL_EVENTS: OnboardingEvent[] = [
  { type: 'application.submit' },
  { type: 'review.start' },
  { type: 'review.request-resubmission' },
  { type: 'review.approve' },
  { type: 'review.reject' },
  { type: 'contract.send' },
  { type: 'contract.sign' },
  { type: 'group.activate' },
  { type: 'group.delete' },
  { type: 'application.expire' },
];

/** The real machine entered at `status` (the demo data's groups start there). */
export function lifecycleFrom(status: OnboardingStatus): AnyStateMachine {
  return createMachine({ ...onboardingLifecycleMachine.config, initial: status } as never);
}

export interface PlannedPath {
  group: LifecycleGroup;
  path: MachinePath<AnyStateMachine>;
}

export const transitionKey = (from: string, event: string) => `${from} --${event}-->`;

/** Every transition of the machine as `from --event-->`. */
export function allTransitions(): string[] {
  const keys: string[] = [];
  for (const [name, node] of Object.entries(onboardingLifecycleMachine.root.states))
    for (const event of node.transitions.keys()) keys.push(transitionKey(name, event));
  return keys;
}

function transitionsOf(path: MachinePath<AnyStateMachine>): string[] {
  let from = String(path.initialState.value);
  return path.steps.map((step) => {
    const key = transitionKey(from, step.event.type);
    from = String(step.state.value);
    return key;
  });
}

/** A small deterministic PRNG (mulberry32), so the plan is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which generated path each group walks. Each group (in some order) repeatedly takes a path that
 * covers transitions not covered yet, continuing from where it left off, so one group can walk a
 * long way. Greedy choices are myopic, so a few hundred seeded orderings and tie-breaks are tried
 * and the plan covering most transitions (then with fewest steps) is kept.
 */
export function planLifecyclePaths(groups: readonly LifecycleGroup[] = SEEDED_GROUPS, trials = 400): { planned: PlannedPath[]; covered: Set<string> } {
  const cache = new Map<string, Array<{ path: MachinePath<AnyStateMachine>; transitions: string[] }>>();
  const candidates = (status: OnboardingStatus, canSubmit: boolean) => {
    const key = `${status}/${canSubmit}`;
    let found = cache.get(key);
    if (!found) {
      const events = ALL_EVENTS.filter((event) => event.type !== 'application.expire' && (canSubmit || event.type !== 'application.submit'));
      found = machinePaths(lifecycleFrom(status), { events, serialize: byStateValue, cover: 'transitions' }).map((path) => ({
        path,
        transitions: transitionsOf(path),
      }));
      cache.set(key, found);
    }
    return found;
  };
  const next = random(20261122);
  let best: { planned: PlannedPath[]; covered: Set<string>; steps: number } | undefined;
  for (let trial = 0; trial < trials; trial++) {
    const order = [...groups].sort(() => next() - 0.5);
    const covered = new Set<string>();
    const planned: PlannedPath[] = [];
    for (const group of order) {
      let status = group.status;
      for (let round = 0; round < 10; round++) {
        const scored = candidates(status, group.canSubmit)
          .map((candidate) => ({
            ...candidate,
            score: new Set(candidate.transitions.filter((key) => !covered.has(key))).size,
            tie: next(),
          }))
          .filter((candidate) => candidate.score > 0)
          .sort((a, b) => b.score - a.score || a.tie - b.tie);
        const chosen = scored[0];
        if (!chosen) break;
        chosen.transitions.forEach((key) => covered.add(key));
        planned.push({ group: { ...group, status }, path: chosen.path });
        status = String(chosen.path.targetState.value) as OnboardingStatus;
      }
    }
    const steps = planned.reduce((sum, item) => sum + item.path.steps.length, 0);
    if (!best || covered.size > best.covered.size || (covered.size === best.covered.size && steps < best.steps)) best = { planned, covered, steps };
  }
  const { planned, covered } = best!;
  // A group no path moves still shows its status and (no) actions once.
  for (const group of groups)
    if (!planned.some((item) => item.group.name === group.name && item.group.canSubmit === group.canSubmit))
      planned.push({
        group,
        path: machinePaths(lifecycleFrom(group.status), { events: [], serialize: byStateValue })[0]!,
      });
  // Runs group by group, each group's paths in the order they were planned.
  const byGroup = groups.flatMap((group) => planned.filter((item) => item.group.name === group.name && item.group.canSubmit === group.canSubmit));
  return { planned: byGroup, covered };
}
