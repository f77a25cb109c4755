import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { openingIndex, resumeIndex, wizardMachine, type SaveStepInput, type SaveStepOutput, type WizardProgress, type WizardStepState } from './wizard.machine';

const IDS = ['one', 'two', 'three'];
const step = (id: string, valid: boolean, extra: Partial<WizardStepState> = {}): WizardStepState => ({ id, valid, saved: valid, flagged: false, ...extra });

/** A fake server: progress to load, which steps a save makes valid, and failures on demand. */
function harness(
  progress: WizardProgress,
  options: { failLoad?: number; failSave?: number; failSubmit?: number; saveValid?: (input: SaveStepInput) => boolean; startAt?: string } = {},
) {
  let state = progress.steps.map((entry) => ({ ...entry }));
  const calls = { load: 0, save: [] as SaveStepInput[], submit: 0 };
  let failLoad = options.failLoad ?? 0;
  let failSave = options.failSave ?? 0;
  let failSubmit = options.failSubmit ?? 0;
  const machine = wizardMachine.provide({
    actors: {
      loadProgress: fromPromise<WizardProgress>(async () => {
        calls.load += 1;
        if (failLoad-- > 0) throw new Error('network down');
        return { ...progress, steps: state };
      }),
      saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async ({ input }) => {
        calls.save.push(input);
        if (failSave-- > 0) throw new Error('save failed');
        const valid = options.saveValid ? options.saveValid(input) : true;
        state = state.map((entry) => (entry.id === input.stepId ? { ...entry, valid, saved: true } : entry));
        return { steps: state };
      }),
      submit: fromPromise<unknown>(async () => {
        calls.submit += 1;
        if (failSubmit-- > 0) throw new Error('submit failed');
        return {};
      }),
    },
  });
  const actor = createActor(machine, { input: { stepIds: IDS, startAt: options.startAt } });
  actor.start();
  return { actor, calls };
}
type WizardState = Parameters<ReturnType<ReturnType<typeof harness>['actor']['getSnapshot']>['matches']>[0];
const settle = (actor: ReturnType<typeof harness>['actor'], value: WizardState) => waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1000 });
const current = (actor: ReturnType<typeof harness>['actor']) => IDS[actor.getSnapshot().context.currentIndex];
const fresh: WizardProgress = { steps: IDS.map((id) => step(id, false)), mode: 'edit', flags: { fields: [], documents: [] } };

describe('wizard machine', () => {
  it('loads progress and resumes at the first step that is not valid', async () => {
    const { actor } = harness({ ...fresh, steps: [step('one', true), step('two', false), step('three', false)] });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('two');
  });

  // Issue 11: opening or reloading a completed step's address jumped to the current step.
  it('opens the step whose address was opened when every step before it is valid', async () => {
    const { actor } = harness({ ...fresh, steps: [step('one', true), step('two', true), step('three', false)] }, { startAt: 'one' });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('one');
    expect(actor.getSnapshot().context.requestedStepId).toBeNull();
  });

  it('resumes instead when the step asked for lies beyond a step that is not valid', async () => {
    const { actor } = harness({ ...fresh, steps: [step('one', true), step('two', false), step('three', false)] }, { startAt: 'three' });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('two');
    expect(openingIndex(IDS, [step('one', true), step('two', false), step('three', false)], 'edit', 'nowhere')).toBe(1);
  });

  it('stays on the step it is on when reloaded', async () => {
    const { actor, calls } = harness({ ...fresh, steps: [step('one', true), step('two', true), step('three', false)] });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.back' });
    expect(current(actor)).toBe('two');
    actor.send({ type: 'wizard.reload' });
    await settle(actor, 'editing');
    expect(calls.load).toBe(2);
    expect(current(actor)).toBe('two');
  });

  it('resumes at the last step when every step is valid', () => {
    expect(
      resumeIndex(
        IDS,
        IDS.map((id) => step(id, true)),
        'edit',
      ),
    ).toBe(2);
  });

  it('shows a load failure and retries', async () => {
    const { actor, calls } = harness(fresh, { failLoad: 1 });
    await settle(actor, 'loadFailed');
    expect(actor.getSnapshot().context.error).toBe('network down');
    actor.send({ type: 'wizard.retry' });
    await settle(actor, 'editing');
    expect(calls.load).toBe(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('is locked when the application is read-only, and reloads on demand', async () => {
    const { actor, calls } = harness({ ...fresh, mode: 'readOnly' });
    await settle(actor, 'locked');
    actor.send({ type: 'wizard.save', data: {} });
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'wizard.reload' });
    await settle(actor, 'locked');
    expect(calls.load).toBe(2);
  });

  it('saves a draft and stays on the step', async () => {
    const { actor, calls } = harness(fresh, { saveValid: () => false });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.save', data: { name: 'draft' } });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle(actor, 'editing');
    expect(calls.save).toEqual([{ stepId: 'one', data: { name: 'draft' } }]);
    expect(current(actor)).toBe('one');
    expect(actor.getSnapshot().context.steps[0]).toMatchObject({ saved: true, valid: false });
  });

  it('moves forward only through a valid step', async () => {
    let valid = false;
    const { actor } = harness(fresh, { saveValid: () => valid });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.next', data: { partial: true } });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('one');
    valid = true;
    actor.send({ type: 'wizard.next', data: { complete: true } });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('two');
  });

  it('goes back freely, and forward by go-to only past valid steps', async () => {
    const { actor } = harness({ ...fresh, steps: [step('one', true), step('two', false), step('three', false)] });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.go-to', stepId: 'three' });
    expect(current(actor)).toBe('two');
    actor.send({ type: 'wizard.back' });
    expect(current(actor)).toBe('one');
    actor.send({ type: 'wizard.back' });
    expect(current(actor)).toBe('one');
    actor.send({ type: 'wizard.go-to', stepId: 'two' });
    expect(current(actor)).toBe('two');
    actor.send({ type: 'wizard.go-to', stepId: 'nowhere' });
    expect(current(actor)).toBe('two');
  });

  it('keeps the data of a failed save for retry, or dismisses it', async () => {
    const { actor, calls } = harness(fresh, { failSave: 2 });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.next', data: { a: 1 } });
    await settle(actor, 'saveFailed');
    expect(actor.getSnapshot().context.error).toBe('save failed');
    actor.send({ type: 'wizard.retry' });
    await settle(actor, 'saveFailed');
    expect(calls.save.map((entry) => entry.data)).toEqual([{ a: 1 }, { a: 1 }]);
    actor.send({ type: 'wizard.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.pending).toBeNull();
    actor.send({ type: 'wizard.next', data: { a: 2 } });
    await settle(actor, 'editing');
    expect(current(actor)).toBe('two');
  });

  it('submits only when every step is valid; next on a valid last step submits', async () => {
    const { actor, calls } = harness({ ...fresh, steps: [step('one', true), step('two', true), step('three', false)] });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'wizard.next', data: { last: true } });
    await settle(actor, 'submitted');
    expect(calls.submit).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays on the last step when next leaves an earlier step invalid', async () => {
    const { actor, calls } = harness({ ...fresh, steps: [step('one', false), step('two', true), step('three', true)] });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.go-to', stepId: 'three' });
    expect(current(actor)).toBe('one');
    const other = harness({ ...fresh, steps: [step('one', true), step('two', true), step('three', true)] }, { saveValid: (input) => input.stepId !== 'one' });
    await settle(other.actor, 'editing');
    other.actor.send({ type: 'wizard.go-to', stepId: 'one' });
    other.actor.send({ type: 'wizard.save', data: {} });
    await settle(other.actor, 'editing');
    other.actor.send({ type: 'wizard.go-to', stepId: 'three' });
    expect(current(other.actor)).toBe('one');
    expect(calls.submit).toBe(0);
  });

  it('shows a submit failure with retry and dismiss', async () => {
    const { actor, calls } = harness({ ...fresh, steps: IDS.map((id) => step(id, true)) }, { failSubmit: 2 });
    await settle(actor, 'editing');
    actor.send({ type: 'wizard.submit' });
    await settle(actor, 'submitFailed');
    actor.send({ type: 'wizard.retry' });
    await settle(actor, 'submitFailed');
    actor.send({ type: 'wizard.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'wizard.submit' });
    await settle(actor, 'submitted');
    expect(calls.submit).toBe(3);
  });

  describe('resubmission mode', () => {
    const flagged: WizardProgress = {
      steps: [step('one', true), step('two', true, { flagged: true }), step('three', true)],
      mode: 'resubmission',
      flags: { fields: ['two.address.postal'], documents: ['doc-1'] },
    };

    it('resumes at the first flagged step and moves past unflagged steps without saving', async () => {
      const { actor, calls } = harness(flagged);
      await settle(actor, 'editing');
      expect(current(actor)).toBe('two');
      actor.send({ type: 'wizard.back' });
      actor.send({ type: 'wizard.save', data: { changed: true } });
      expect(actor.getSnapshot().value).toBe('editing');
      actor.send({ type: 'wizard.next', data: { changed: true } });
      await settle(actor, 'editing');
      expect(current(actor)).toBe('two');
      expect(calls.save).toEqual([]);
      actor.send({ type: 'wizard.next', data: { address: { postal: '1011 AB' } } });
      await settle(actor, 'editing');
      expect(calls.save).toHaveLength(1);
      expect(current(actor)).toBe('three');
      actor.send({ type: 'wizard.next' });
      await settle(actor, 'submitted');
      expect(calls.save).toHaveLength(1);
    });
  });
});
