import {
  createActor,
  createEmptyActor,
  createMachine,
  getInitialMicrosteps,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';

/*
 * Model-based test paths derived from the real machines.
 *
 * `createTestModel` from 'xstate/graph' refuses machines with `invoke`/`after`, and its traversal
 * cannot finish an invoked actor or let a timer fire. Here the machine's own pure transition
 * function (what `transition()` from 'xstate' calls) is traversed breadth-first, and whatever the environment does (an invoked actor
 * finishing or failing, a delay elapsing) is one more event the test supplies:
 * `xstate.done.actor.<invokeId>`, `xstate.error.actor.<invokeId>`, `xstate.after.<delay>.<stateNodeId>`.
 * Those are the very event types XState routes internally, so the path replays unchanged through
 * `transition` or a live actor, and an e2e driver maps each to "let the API answer", "make it fail",
 * "advance the clock".
 */

export type EnvironmentEventKind = 'done' | 'error' | 'after';

/** An event the environment, not the user, produces: typed loosely because it is not part of a machine's event union. */
export interface EnvironmentEvent extends EventObject {
  type: string;
  actorId?: string;
  output?: unknown;
  error?: unknown;
}

export interface EnvironmentEventSource {
  type: string;
  kind: EnvironmentEventKind;
  /** Dotted path of the state node that invokes / waits (`''` for the machine root). */
  stateKey: string;
  invokeId?: string;
  src?: string;
  delay?: string | number;
}

export interface EnvironmentSamples {
  /** Outputs to try for a `done` event, keyed by invoke id or src. Default: a single `undefined` output. */
  output?: Record<string, readonly unknown[]>;
  /** Errors to try for an `error` event, keyed by invoke id or src. Default: a single `Error`. */
  error?: Record<string, readonly unknown[]>;
}

export type PathEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | EnvironmentEvent;

export interface PathStep<TMachine extends AnyStateMachine> {
  event: PathEvent<TMachine>;
  /** The snapshot after `event` was processed. */
  state: SnapshotFrom<TMachine>;
  /** Every state active at some microstep of this step, including transient ones left at once via `always`. */
  visited: string[];
}

export interface MachinePath<TMachine extends AnyStateMachine> {
  description: string;
  initialState: SnapshotFrom<TMachine>;
  /** Like `PathStep.visited`, for the initial transition. */
  initialVisited: string[];
  steps: Array<PathStep<TMachine>>;
  targetState: SnapshotFrom<TMachine>;
  /** Active leaf states of `targetState`, as dotted paths (`editing.lines.filled`). */
  targetStateKeys: string[];
}

export interface MachinePathsOptions<TMachine extends AnyStateMachine> {
  /** User events, one entry per payload sample; a function may vary them by state. Only enabled ones are tried. */
  events: ReadonlyArray<EventFromLogic<TMachine>> | ((snapshot: SnapshotFrom<TMachine>) => ReadonlyArray<EventFromLogic<TMachine>>);
  /** Samples for environment events, or `false` to leave actors and timers out. Default: derived from the machine. */
  environment?: EnvironmentSamples | false;
  input?: InputFrom<TMachine>;
  /** States not explored further (they still get a path). Snapshots that are no longer active always stop. */
  stopAt?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** What makes two snapshots the same vertex. Default: state value plus context; see `byStateValue` for e2e. */
  serialize?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** `states`: a shortest path to every distinct state. `transitions`: also one through every other edge. */
  cover?: 'states' | 'transitions';
  /** Drop paths whose events are a prefix of another path's (their states are still asserted on the way). Default true. */
  dedupe?: boolean;
  /** Fails fast instead of exploring an unbounded context (e.g. a counter). Default 5000. */
  maxStates?: number;
}

export interface StateCoverage {
  /** Every state node of the machine as a dotted path, except the root and history pseudo-states. */
  all: Set<string>;
  covered: Set<string>;
  missing: string[];
}

type RawStep = { event: EventObject; state: AnyMachineSnapshot; visited: string[] };

interface Vertex {
  snapshot: AnyMachineSnapshot;
  parent?: { key: string; event: EventObject };
}

interface Edge {
  from: string;
  event: EventObject;
  to: string;
}

export function machinePaths<TMachine extends AnyStateMachine>(machine: TMachine, options: MachinePathsOptions<TMachine>): Array<MachinePath<TMachine>> {
  const logic: AnyStateMachine = machine;
  const serialize = (options.serialize ?? defaultSerialize) as (snapshot: AnyMachineSnapshot) => string;
  const userEvents = options.events as ReadonlyArray<EventObject> | ((snapshot: AnyMachineSnapshot) => ReadonlyArray<EventObject>);
  const stopAt = options.stopAt as ((snapshot: AnyMachineSnapshot) => boolean) | undefined;
  const sources = environmentEventSources(machine);
  const environment = options.environment === false ? [] : environmentEvents(machine, options.environment ?? {});
  const maxStates = options.maxStates ?? 5000;

  const initial = initialSnapshot(logic, options.input);
  const initialKey = serialize(initial);
  const vertices = new Map<string, Vertex>([[initialKey, { snapshot: initial }]]);
  const edges: Edge[] = [];
  const queue = [initialKey];

  for (let head = 0; head < queue.length; head++) {
    const key = queue[head] as string;
    const { snapshot } = vertices.get(key) as Vertex;
    if (snapshot.status !== 'active' || stopAt?.(snapshot)) continue;
    const candidates = [...(typeof userEvents === 'function' ? userEvents(snapshot) : userEvents), ...environment];
    for (const event of candidates) {
      const next = explained(machine, snapshot, event, sources, () => (isEnabled(snapshot, event, sources) ? nextSnapshot(logic, snapshot, event) : undefined));
      if (!next) continue;
      const nextKey = serialize(next);
      edges.push({ from: key, event, to: nextKey });
      if (vertices.has(nextKey)) continue;
      if (vertices.size >= maxStates) {
        throw new Error(`machinePaths(${machine.id}): more than ${maxStates} distinct states; pass \`serialize\` to ignore volatile context, or \`stopAt\`.`);
      }
      vertices.set(nextKey, { snapshot: next, parent: { key, event } });
      queue.push(nextKey);
    }
  }

  const step = (from: string, event: EventObject, state: AnyMachineSnapshot): RawStep => {
    const microsteps = logic.microstep((vertices.get(from) as Vertex).snapshot, event, inertScope());
    return { event, state, visited: visitedKeys(microsteps) };
  };
  const stepsTo = (key: string): RawStep[] => {
    const steps: RawStep[] = [];
    for (let vertex = vertices.get(key); vertex?.parent; vertex = vertices.get(vertex.parent.key)) {
      steps.unshift(step(vertex.parent.key, vertex.parent.event, vertex.snapshot));
    }
    return steps;
  };

  let stepLists = queue.map(stepsTo);
  if (options.cover === 'transitions') {
    for (const edge of edges) {
      const treeParent = vertices.get(edge.to)?.parent;
      if (treeParent && treeParent.key === edge.from && treeParent.event === edge.event) continue;
      stepLists.push([...stepsTo(edge.from), step(edge.from, edge.event, (vertices.get(edge.to) as Vertex).snapshot)]);
    }
  }
  if (options.dedupe ?? true) stepLists = withoutPrefixes(stepLists);
  const initialVisited = initialVisitedKeys(logic, initial, options.input);

  const seen = new Map<string, number>();
  return stepLists.map((steps) => {
    const target = steps.length > 0 ? (steps[steps.length - 1]?.state as AnyMachineSnapshot) : initial;
    const targetStateKeys = leafStateKeys(target.value);
    let description = `reaches ${targetStateKeys.join(' + ')}${steps.length > 0 ? ` via ${steps.map((s) => formatEvent(s.event)).join(' → ')}` : ' (initial state)'}`;
    const count = (seen.get(description) ?? 0) + 1;
    seen.set(description, count);
    if (count > 1) description += ` (#${count})`;
    // SnapshotFrom<TMachine> cannot be produced from AnyMachineSnapshot without a cast; they are the same objects.
    return {
      description,
      initialState: initial,
      initialVisited,
      steps,
      targetState: target,
      targetStateKeys,
    } as unknown as MachinePath<TMachine>;
  });
}

/**
 * The scope XState's own `transition()`/`initialTransition()` use (nothing is executed: every action
 * is dropped), plus a parent: without one, a child machine's `sendParent` fails to even resolve.
 * A fresh scope per call also keeps invoked actors' `systemId`s from colliding across calls.
 */
const placeholderSelf = createMachine({});

function inertScope(): AnyActorScope {
  const self = createActor(placeholderSelf, { parent: createEmptyActor() });
  const noop = () => {};
  return {
    self,
    id: '',
    sessionId: '',
    logger: noop,
    defer: noop,
    emit: noop,
    system: self.system,
    stopChild: noop,
    actionExecutor: noop,
  };
}

function initialSnapshot(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot {
  return machine.getInitialSnapshot(inertScope(), input);
}

function nextSnapshot(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): AnyMachineSnapshot {
  return machine.transition(snapshot, event, inertScope());
}

function initialVisitedKeys(machine: AnyStateMachine, initial: AnyMachineSnapshot, input: unknown): string[] {
  try {
    // Only this XState helper sees the initial microsteps (transient initial states); it cannot be given a parent.
    const microsteps = (getInitialMicrosteps as (m: AnyStateMachine, i?: unknown) => Array<[AnyMachineSnapshot, unknown]>)(machine, input);
    return visitedKeys(microsteps.map(([snapshot]) => snapshot));
  } catch {
    return activeStateKeys(initial.value);
  }
}

function visitedKeys(snapshots: AnyMachineSnapshot[]): string[] {
  return [...new Set(snapshots.flatMap((snapshot) => activeStateKeys(snapshot.value)))];
}

/** Guards and assigns that read an event's payload fail on a missing sample; say which event, where, and what to pass. */
function explained<T>(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject, sources: EnvironmentEventSource[], action: () => T): T {
  try {
    return action();
  } catch (error) {
    const source = sources.find((s) => s.type === event.type);
    const sampleKey = source?.invokeId ?? '';
    const hint =
      source?.kind === 'done'
        ? ` Pass sample outputs: environment: { output: { ${sampleKey}: [...] } }.`
        : source?.kind === 'error'
          ? ` Pass sample errors: environment: { error: { ${sampleKey}: [...] } }.`
          : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`machinePaths(${machine.id}): ${formatEvent(event)} in ${JSON.stringify(snapshot.value)} failed: ${message}.${hint}`, { cause: error });
  }
}

function isEnabled(snapshot: AnyMachineSnapshot, event: EventObject, sources: EnvironmentEventSource[]): boolean {
  const source = sources.find((s) => s.type === event.type);
  // A wildcard transition would accept a timer or actor event of a state that is not even active.
  if (source && source.stateKey !== '' && !activeStateKeys(snapshot.value).includes(source.stateKey)) return false;
  return snapshot.can(event);
}

/** The step lists whose events are not a prefix of another list's (of two equal lists, the first stays). */
export function withoutPrefixes<T extends { event: EventObject }>(lists: T[][]): T[][] {
  const signatures = lists.map((steps) => steps.map((s) => stableJson(s.event)));
  return lists.filter((_, i) => {
    const mine = signatures[i] as string[];
    return !signatures.some((other, j) => {
      if (j === i || other.length < mine.length) return false;
      if (other.length === mine.length && j > i) return false;
      return mine.every((sig, k) => sig === other[k]);
    });
  });
}

/** Every event the environment can send to `machine`, one per sample, in document order. */
export function environmentEvents(machine: AnyStateMachine, samples: EnvironmentSamples = {}): EnvironmentEvent[] {
  return environmentEventSources(machine).flatMap((source): EnvironmentEvent[] => {
    if (source.kind === 'after') return [{ type: source.type }];
    const actorId = source.invokeId as string;
    const byKind = source.kind === 'done' ? samples.output : samples.error;
    const values = byKind?.[actorId] ?? (source.src !== undefined ? byKind?.[source.src] : undefined);
    if (source.kind === 'done') return (values ?? [undefined]).map((output) => ({ type: source.type, actorId, output }));
    return (values ?? [new Error(`${source.src ?? actorId} failed (simulated)`)]).map((error) => ({
      type: source.type,
      actorId,
      error,
    }));
  });
}

/** Where the machine waits on its environment: handled invoke completions/failures and delayed transitions. */
export function environmentEventSources(machine: AnyStateMachine): EnvironmentEventSource[] {
  return stateNodes(machine.root).flatMap((node) => {
    const stateKey = node.path.join('.');
    const found: EnvironmentEventSource[] = [];
    for (const def of node.invoke) {
      const src = typeof def.src === 'string' ? def.src : undefined;
      const base = { stateKey, invokeId: def.id, ...(src ? { src } : {}) };
      if (def.onDone) found.push({ ...base, type: `xstate.done.actor.${def.id}`, kind: 'done' });
      if (def.onError) found.push({ ...base, type: `xstate.error.actor.${def.id}`, kind: 'error' });
    }
    const delays = new Set<string>();
    for (const def of node.after) {
      if (delays.has(def.eventType)) continue;
      delays.add(def.eventType);
      const delay = typeof def.delay === 'number' || typeof def.delay === 'string' ? def.delay : undefined;
      found.push({ type: def.eventType, kind: 'after', stateKey, ...(delay === undefined ? {} : { delay }) });
    }
    return found;
  });
}

/** User event types the machine handles anywhere (wildcards and XState's own events excluded), in document order. */
export function userEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of stateNodes(machine.root)) {
    for (const descriptor of node.transitions.keys()) {
      if (descriptor === '*' || descriptor.endsWith('.*') || descriptor.startsWith('xstate.')) continue;
      types.add(descriptor);
    }
  }
  return [...types];
}

export interface MachineStateInfo {
  key: string;
  type: AnyStateNode['type'];
  /** Left at once by an unguarded `always` transition: never at rest, so no screen can show it. */
  transient: boolean;
}

/** All state nodes except history pseudo-states (never active), with their dotted path. */
export function machineStates(machine: AnyStateMachine): MachineStateInfo[] {
  return stateNodes(machine.root)
    .filter((node) => node.path.length > 0 && node.type !== 'history')
    .map((node) => ({
      key: node.path.join('.'),
      type: node.type,
      transient: (node.always ?? []).some((t) => !t.guard && (t.target?.length ?? 0) > 0),
    }));
}

export function stateCoverage<TMachine extends AnyStateMachine>(machine: TMachine, paths: ReadonlyArray<MachinePath<TMachine>>): StateCoverage {
  const all = new Set(machineStates(machine).map((s) => s.key));
  const covered = new Set<string>();
  for (const path of paths) {
    for (const key of path.initialVisited) covered.add(key);
    for (const step of path.steps) for (const key of step.visited) covered.add(key);
  }
  return { all, covered, missing: [...all].filter((key) => !covered.has(key)) };
}

/** Replays a path's events through the pure transition function; returns the snapshot after each step. */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath<TMachine>,
  input?: InputFrom<TMachine>,
): Array<SnapshotFrom<TMachine>> {
  const logic: AnyStateMachine = machine;
  const snapshots: AnyMachineSnapshot[] = [];
  let current = initialSnapshot(logic, input);
  for (const step of path.steps) {
    current = nextSnapshot(logic, current, step.event);
    snapshots.push(current);
  }
  return snapshots as Array<SnapshotFrom<TMachine>>;
}

/** Dotted paths of every active state node, ancestors before descendants: `editing`, `editing.lines`, `editing.lines.filled`. */
export function activeStateKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...(child === undefined ? [] : activeStateKeys(child, `${prefix}${key}.`))]);
}

/** Dotted paths of the active atomic/final states only. */
export function leafStateKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? [prefix + key] : leafStateKeys(child, `${prefix}${key}.`),
  );
}

export function formatEvent(event: EventObject): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) {
    const { output, error } = event as EnvironmentEvent;
    const payload = done[1] === 'done' ? output : error;
    const shown = payload === undefined || payload instanceof Error ? '' : `, ${stableJson(payload)}`;
    return `${done[1]}(${done[2]}${shown})`;
  }
  const after = /^xstate\.after\.([^.]+)\.(.+)$/.exec(event.type);
  if (after) return `after(${/^\d+$/.test(after[1] ?? '') ? `${after[1]}ms` : after[1]})`;
  const { type, ...payload } = event;
  return Object.keys(payload).length > 0 ? `${type} ${stableJson(payload)}` : type;
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child))];
}

/**
 * `serialize` for e2e suites: one vertex per state value, so the UI is walked once per screen rather than once per
 * context variation. Guards on context still hold, since every path is computed by the real machine.
 */
export function byStateValue(snapshot: AnyMachineSnapshot): string {
  return stableJson(snapshot.value);
}

function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return stableJson({ value: snapshot.value, context: snapshot.context });
}

/** JSON with sorted keys; actor refs become their id and cycles are cut, so any context serializes. */
export function stableJson(value: unknown): string {
  const stack = new Set<unknown>();
  const normalize = (v: unknown): unknown => {
    if (v === undefined || v === null || typeof v !== 'object') return v;
    if (v instanceof Error) return { error: v.message };
    if (v instanceof Date) return v.toISOString();
    const ref = v as { id?: unknown; send?: unknown; getSnapshot?: unknown };
    if (typeof ref.send === 'function' && typeof ref.getSnapshot === 'function') return { actor: ref.id };
    if (stack.has(v)) return '[circular]';
    stack.add(v);
    const result = Array.isArray(v)
      ? v.map(normalize)
      : Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, normalize((v as Record<string, unknown>)[k])]),
        );
    stack.delete(v);
    return result;
  };
  return JSON.stringify(normalize(value)) ?? 'undefined';
}
