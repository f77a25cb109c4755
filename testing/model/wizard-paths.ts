import type { AnyStateMachine, InputFrom } from 'xstate';
import type { WizardProgress } from '../../machines/wizard.machine';
import { formatEvent, replayPath, type MachinePath } from './machine-paths';

// What the three wizard model specs (KYC, merchant, property) share: the progress answers their
// paths sample, the test title of a path, and the path with snapshots replayed through the machine.

/** Every step valid, in edit mode and in read-only mode: the two answers a wizard's load can give. */
export function wizardProgressSamples(stepIds: readonly string[], options: { saved: boolean }) {
  const allValid = stepIds.map((id) => ({ id, valid: true, saved: options.saved, flagged: false }));
  const noFlags = { fields: [], documents: [] };
  const edit: WizardProgress = { steps: allValid, mode: 'edit', flags: noFlags };
  const readOnly: WizardProgress = { steps: allValid, mode: 'readOnly', flags: noFlags };
  return { allValid, edit, readOnly };
}

/** A path's test title: the states it reaches, then its events, the wizard's own actors named short. */
export function wizardPathTitle(path: MachinePath<AnyStateMachine>): string {
  const events = path.steps.map((step) => {
    if (step.event.type === 'xstate.done.actor.loadProgress') return `done(loadProgress, ${(step.event as { output: WizardProgress }).output.mode})`;
    if (step.event.type === 'xstate.done.actor.saveStep') return 'done(saveStep)';
    return formatEvent(step.event).replace(' {"data":{}}', '');
  });
  return `${path.targetStateKeys.join('+')} via ${events.join(' → ')}`;
}

/**
 * With one vertex per state, a path's snapshots are the vertex's first-found ones, whose context
 * (the current step) may differ from where this path's events lead; replaying the events through the
 * real machine gives the snapshots the screen must match.
 */
export function withReplayedSnapshots<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath<TMachine>,
  input: InputFrom<TMachine>,
): MachinePath<TMachine> {
  const snapshots = replayPath(machine, path, input);
  return { ...path, steps: path.steps.map((step, index) => ({ ...step, state: snapshots[index]! })) };
}
