import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { activeStateKeys, environmentEventSources, formatEvent, machineStates, userEventTypes, type MachinePath } from './machine-paths';
import { recordPassedPath } from './coverage-record';

/*
 * Drives the real UI along paths generated from a machine. The test author maps every leaf state
 * to a screen assertion and every event type (user and environment) to a way of causing it. The
 * map is checked against the machine before anything runs, so a state or event added to a machine
 * without teaching the e2e test about it fails the test instead of silently going untested.
 */

export type StateAssertion<TPage> = (page: TPage, snapshot: AnyMachineSnapshot) => Promise<void> | void;
// The event's payload (form values, the sampled API output...) is what the performer types into the UI.
export type EventPerformer<TPage> = (page: TPage, event: EventObject & Record<string, unknown>) => Promise<void> | void;

export interface ModelDriverMap<TPage = Page> {
  /**
   * Keyed by dotted state path (`editing.lines.filled`). Every atomic/final state is required, except transient ones
   * (left at once by an unguarded `always`); compound states are optional.
   */
  states: Record<string, StateAssertion<TPage>>;
  /** Keyed by event type, including `xstate.done.actor.<id>`, `xstate.error.actor.<id>` and `xstate.after.<delay>.<stateId>`. */
  events: Record<string, EventPerformer<TPage>>;
}

export interface DriverGaps {
  missingStates: string[];
  missingEvents: string[];
  /** Keys that match nothing in the machine: usually a renamed or deleted state/event. */
  unknownStates: string[];
  unknownEvents: string[];
}

export interface RunOptions<TPage> {
  /** Brings the app back to the machine's initial state (fresh page, seeded data...). */
  reset?: (page: TPage) => Promise<void> | void;
  /** Where passed paths are recorded (coverage-record.ts): the browser's directory unless said. */
  coverageDir?: string;
}

export interface ModelDriver<TPage> {
  run(page: TPage, path: MachinePath<AnyStateMachine>): Promise<void>;
}

export function requiredDriverKeys(machine: AnyStateMachine): { states: string[]; events: string[] } {
  return {
    states: machineStates(machine)
      .filter((s) => (s.type === 'atomic' || s.type === 'final') && !s.transient)
      .map((s) => s.key),
    events: [...userEventTypes(machine), ...environmentEventSources(machine).map((s) => s.type)],
  };
}

export function findDriverGaps<TPage>(machine: AnyStateMachine, map: ModelDriverMap<TPage>): DriverGaps {
  const required = requiredDriverKeys(machine);
  const knownStates = new Set(machineStates(machine).map((s) => s.key));
  const knownEvents = new Set(required.events);
  return {
    missingStates: required.states.filter((key) => !map.states[key]),
    missingEvents: required.events.filter((type) => !map.events[type]),
    unknownStates: Object.keys(map.states).filter((key) => !knownStates.has(key)),
    unknownEvents: Object.keys(map.events).filter((type) => !knownEvents.has(type)),
  };
}

export function assertDriverComplete<TPage>(machine: AnyStateMachine, map: ModelDriverMap<TPage>): void {
  const gaps = findDriverGaps(machine, map);
  const problems = [
    ...gaps.missingStates.map((key) => `  missing state assertion: "${key}"`),
    ...gaps.missingEvents.map((type) => `  missing event performer: "${type}"`),
    ...gaps.unknownStates.map((key) => `  state "${key}" is not in the machine`),
    ...gaps.unknownEvents.map((type) => `  event "${type}" is not handled by the machine`),
  ];
  if (problems.length > 0) {
    throw new Error(`Model driver for machine "${machine.id}" does not match the machine:\n${problems.join('\n')}`);
  }
}

/** Checks the map once, up front, then runs any number of paths with it. */
export function createModelDriver<TPage = Page>(machine: AnyStateMachine, map: ModelDriverMap<TPage>, options: RunOptions<TPage> = {}): ModelDriver<TPage> {
  assertDriverComplete(machine, map);
  return {
    run: async (page, path) => {
      await runPath(page, path, map, options);
      recordPassedPath(machine, path, options.coverageDir);
    },
  };
}

/** Resets, asserts the initial screen, then for each step performs the event and asserts every active state's screen. */
export async function runPath<TPage>(
  page: TPage,
  path: MachinePath<AnyStateMachine>,
  map: ModelDriverMap<TPage>,
  options: RunOptions<TPage> = {},
): Promise<void> {
  await options.reset?.(page);
  await withContext(`initial state of "${path.description}"`, () => assertScreen(page, path.initialState, map));
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index + 1}/${path.steps.length} (${formatEvent(step.event)}) of "${path.description}"`;
    const perform = map.events[step.event.type];
    if (!perform) throw new Error(`No event performer for "${step.event.type}" (${where})`);
    await withContext(where, () => perform(page, step.event as EventObject & Record<string, unknown>));
    await withContext(`${where}, checking the screen`, () => assertScreen(page, step.state, map));
  }
}

async function assertScreen<TPage>(page: TPage, snapshot: AnyMachineSnapshot, map: ModelDriverMap<TPage>): Promise<void> {
  for (const key of activeStateKeys(snapshot.value)) await map.states[key]?.(page, snapshot);
}

async function withContext(where: string, action: () => Promise<void> | void): Promise<void> {
  try {
    await action();
  } catch (error) {
    // Prefixing keeps the original stack and Playwright's matcher details intact.
    if (error instanceof Error) error.message = `${where}: ${error.message}`;
    throw error;
  }
}
