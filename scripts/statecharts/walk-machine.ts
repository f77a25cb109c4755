import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface InvokeInfo {
  id: string;
  src: string;
  /** What a reader should see: the `src` name, or the invoke id for inline logic. */
  label: string;
}

export interface StateInfo {
  /** Dotted path relative to the machine root (`''` for the root itself). */
  key: string;
  path: string[];
  /** The XState state node id, e.g. `checkout.cart.editing`. */
  nodeId: string;
  type: StateKind;
  history?: 'shallow' | 'deep';
  /** Key of the initial child of a compound state. */
  initial?: string;
  children: StateInfo[];
  invokes: InvokeInfo[];
  description?: string;
}

export type TransitionKind = 'event' | 'after' | 'always' | 'done.actor' | 'error.actor' | 'done.state' | 'snapshot';

export interface TransitionInfo {
  /** Key of the state node declaring the transition (`''` = the machine root). */
  source: string;
  /** Keys of the targets; empty for a targetless (actions-only) transition. */
  targets: string[];
  kind: TransitionKind;
  /** The raw XState event descriptor, e.g. `xstate.after.3000.checkout.paying`. */
  eventType: string;
  guard?: string;
  delay?: string | number;
  invoke?: InvokeInfo;
  /** Human label: `SUBMIT [isValid]`, `after 3000ms`, `done: fetchOrders`, `always`. */
  label: string;
}

export interface MachineModel {
  id: string;
  description?: string;
  root: StateInfo;
  /** Every state node except the root, in document order. */
  states: StateInfo[];
  transitions: TransitionInfo[];
}

export function walkMachine(machine: AnyStateMachine): MachineModel {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const root = visit(machine.root, machine, states, transitions);
  const description = typeof machine.config.description === 'string' ? machine.config.description : undefined;
  return { id: machine.id, ...(description ? { description } : {}), root, states, transitions };
}

export function stateKey(node: AnyStateNode): string {
  return node.path.join('.');
}

function visit(node: AnyStateNode, machine: AnyStateMachine, states: StateInfo[], transitions: TransitionInfo[]): StateInfo {
  const invokes = node.invoke.map((def): InvokeInfo => {
    // StateNode#invoke has already turned inline logic into a generated `src` string.
    const src = typeof def.src === 'string' ? def.src : def.id;
    return { id: def.id, src, label: invokeLabel(def.id, src) };
  });
  const info: StateInfo = {
    key: stateKey(node),
    path: [...node.path],
    nodeId: node.id,
    type: node.type,
    children: [],
    invokes,
  };
  if (node.type === 'history') info.history = node.history === 'deep' ? 'deep' : 'shallow';
  if (node.type === 'compound') {
    const initialTarget = node.initial.target[0];
    if (initialTarget) info.initial = stateKey(initialTarget);
  }
  if (node.description) info.description = node.description;
  if (node.path.length > 0) states.push(info);

  for (const [eventType, defs] of node.transitions) {
    for (const def of defs) transitions.push(describeTransition(def, eventType, invokes, machine));
  }
  for (const def of node.always ?? []) transitions.push(describeTransition(def, '', invokes, machine));

  for (const child of Object.values(node.states)) info.children.push(visit(child, machine, states, transitions));
  return info;
}

function invokeLabel(id: string, src: string): string {
  // Inline actor logic gets a generated src (`xstate.invoke.0.checkout.paying`); show its id when the author gave one.
  if (!src.startsWith('xstate.invoke.')) return src;
  return src === `xstate.invoke.${id}` ? 'inline actor' : id;
}

function describeTransition(def: AnyTransitionDefinition, eventType: string, invokes: InvokeInfo[], machine: AnyStateMachine): TransitionInfo {
  const guard = def.guard === undefined ? undefined : guardName(def.guard);
  const base = {
    source: stateKey(def.source),
    targets: (def.target ?? []).map((t: AnyStateNode) => stateKey(t)),
    eventType,
    ...(guard ? { guard } : {}),
  };
  const guardSuffix = guard ? ` [${guard}]` : '';
  const delay: unknown = (def as { delay?: unknown }).delay;
  if (eventType === '') return { ...base, kind: 'always', label: `always${guardSuffix}` };
  if (eventType.startsWith('xstate.after.') && (typeof delay === 'number' || typeof delay === 'string')) {
    return { ...base, kind: 'after', delay, label: `after ${delayLabel(delay, machine)}${guardSuffix}` };
  }
  const actor = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/.exec(eventType);
  if (actor) {
    const kind = actor[1] as 'done.actor' | 'error.actor' | 'snapshot';
    const invoke = invokes.find((i) => i.id === actor[2]);
    const name = invoke?.label ?? actor[2] ?? '';
    const prefix = kind === 'done.actor' ? 'done' : kind === 'error.actor' ? 'error' : 'snapshot';
    return { ...base, kind, ...(invoke ? { invoke } : {}), label: `${prefix}: ${name}${guardSuffix}` };
  }
  if (eventType.startsWith('xstate.done.state.')) return { ...base, kind: 'done.state', label: `onDone${guardSuffix}` };
  return { ...base, kind: 'event', label: `${eventType}${guardSuffix}` };
}

function delayLabel(delay: string | number, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return `${delay}ms`;
  const configured: unknown = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof configured === 'number' ? `${delay} (${configured}ms)` : delay;
}

/** Readable name of a guard: named guards by name, `and/or/not` composed, inline predicates by function name. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { name: string; guards?: unknown[]; stateValue?: unknown; check?: unknown };
    if (composite.check && Array.isArray(composite.guards)) {
      return `${composite.name}(${composite.guards.map(guardName).join(', ')})`;
    }
    if (composite.check && composite.stateValue !== undefined) {
      const value = composite.stateValue;
      return `in(${typeof value === 'string' ? value : JSON.stringify(value)})`;
    }
    return composite.name && composite.name !== 'guard' ? composite.name : 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}
