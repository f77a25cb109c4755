import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { machineStates, withoutPrefixes, type MachinePath } from './machine-paths';

/*
 * What a machine can do, as countable items, and which of them a path did.
 *
 * A transition is one candidate of one state node for one event type: every guarded alternative is
 * its own transition, and so are the environment's events (`xstate.done.actor.*`, `xstate.error.actor.*`,
 * `xstate.after.*`) and eventless (`always`) candidates. Its id names the source state, the event
 * and the candidate's position, so it stays the same while the machine does.
 */

export interface MachineTransition {
  /** `<source state>|<event type or "always">|<candidate index>`; the root state is `(machine)`. */
  id: string;
  source: string;
  event: string;
  guard?: string;
  targets: string[];
  /** Readable form for reports: `editing --wizard.next [isValid]--> advancing`. */
  label: string;
}

export interface MachineGraph {
  machineId: string;
  states: string[];
  transitions: MachineTransition[];
}

export interface PathCoverage {
  states: Set<string>;
  transitions: Set<string>;
}

const ROOT = '(machine)';

function stateNodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodesOf(child))];
}

function keyOf(node: AnyStateNode): string {
  return node.path.length === 0 ? ROOT : node.path.join('.');
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[] | undefined;
  source: AnyStateNode;
}

function describe(definition: TransitionLike, eventKey: string, index: number): MachineTransition {
  const source = keyOf(definition.source);
  const targets = (definition.target ?? []).map(keyOf);
  const guard = guardName(definition.guard);
  const event = eventKey === '' ? 'always' : eventKey;
  return {
    id: `${source}|${event}|${index}`,
    source,
    event,
    guard,
    targets,
    label: `${source} --${event}${guard ? ` [${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(stays)'}`,
  };
}

/** Every state (as `machineStates` counts them) and every transition candidate of the machine. */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const transitions: MachineTransition[] = [];
  for (const node of stateNodesOf(machine.root)) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((candidate, index) => transitions.push(describe(candidate as TransitionLike, eventType, index)));
    }
    (node.always ?? []).forEach((candidate, index) => transitions.push(describe(candidate as TransitionLike, '', index)));
  }
  return { machineId: machine.id, states: machineStates(machine).map((state) => state.key), transitions };
}

function idOf(definition: TransitionLike): string {
  const node = definition.source;
  const eventKey = definition.eventType;
  const list = eventKey === '' ? (node.always ?? []) : (node.transitions.get(eventKey) ?? []);
  const index = list.indexOf(definition as never);
  return `${keyOf(node)}|${eventKey === '' ? 'always' : eventKey}|${index}`;
}

/**
 * The states a path visits and the transitions it takes. Each step's transitions are the ones the
 * machine itself selects for that event in that snapshot (`getTransitionData`); an eventless candidate
 * (or a state's completion event) counts as taken when its source was active on the way and its target
 * is where the step went on to.
 */
export function pathCoverage(machine: AnyStateMachine, path: MachinePath<AnyStateMachine>): PathCoverage {
  const states = new Set<string>(path.initialVisited);
  const transitions = new Set<string>();
  const graph = machineGraph(machine);
  // Eventless candidates and a compound state's own completion (`xstate.done.state.*`, raised by the
  // machine itself within the step) are credited from the states the step passed through.
  const eventless = graph.transitions.filter((transition) => transition.event === 'always' || transition.event.startsWith('xstate.done.state.'));
  const markEventless = (visited: readonly string[]) => {
    const seen = new Set(visited);
    for (const transition of eventless) {
      if (seen.has(transition.source) && transition.targets.some((target) => seen.has(target))) transitions.add(transition.id);
    }
  };
  markEventless(path.initialVisited);
  let previous: AnyMachineSnapshot = path.initialState;
  for (const step of path.steps) {
    const selected = (machine.getTransitionData(previous as never, step.event as EventObject as never) ?? []) as TransitionLike[];
    for (const definition of selected) transitions.add(idOf(definition));
    for (const key of step.visited) states.add(key);
    markEventless(step.visited);
    previous = step.state;
  }
  return { states, transitions };
}

/**
 * The paths a browser suite walks: every path of `base` (typically a shortest path to each state),
 * then, greedily, the candidate that takes the most transitions not yet taken, until no candidate
 * adds one. Every transition a candidate can reach is then driven; what is left needs a reason.
 */
export function coveringPaths<TPath extends MachinePath<AnyStateMachine>>(
  machine: AnyStateMachine,
  base: readonly TPath[],
  candidates: readonly TPath[],
): TPath[] {
  const chosen = [...base];
  const taken = new Set(chosen.flatMap((path) => [...pathCoverage(machine, path).transitions]));
  const pool = candidates.map((path) => ({ path, transitions: [...pathCoverage(machine, path).transitions] }));
  for (;;) {
    let best: { path: TPath; gain: number } | undefined;
    for (const entry of pool) {
      const gain = entry.transitions.filter((id) => !taken.has(id)).length;
      // Ties go to the shorter path: fewer steps in the browser.
      if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && entry.path.steps.length < best.path.steps.length)))
        best = { path: entry.path, gain };
    }
    if (!best) return withoutPrefixesOf(chosen);
    chosen.push(best.path);
    for (const id of pathCoverage(machine, best.path).transitions) taken.add(id);
  }
}

/**
 * The chosen paths but those whose events are the start of another chosen one: a shortest path to a state is often
 * the start of a transition's path, and the longer walk asserts every screen on the way (runPath), so the shorter one
 * would only open a new browser to check again what the longer one checks.
 */
function withoutPrefixesOf<TPath extends MachinePath<AnyStateMachine>>(paths: readonly TPath[]): TPath[] {
  const kept = new Set(withoutPrefixes(paths.map((path) => path.steps)));
  return paths.filter((path) => kept.has(path.steps));
}
