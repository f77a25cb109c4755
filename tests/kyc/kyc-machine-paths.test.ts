import { describe, expect, it } from 'vitest';
import { ONBOARDING_STATUSES } from '../../contract/merchant-groups';
import { onboardingLifecycleMachine } from '../../machines/onboarding-lifecycle.machine';
import { wizardMachine, type WizardProgress } from '../../machines/wizard.machine';
import { machinePaths, stateCoverage } from '../../testing/model/machine-paths';

// The model-based paths the e2e driver will walk, derived from the real machines: every state is
// reachable with the events and environment answers the screens can produce.

const IDS = ['one', 'two'];
const progress = (mode: WizardProgress['mode'], valid: boolean, flagged = false): WizardProgress => ({
  steps: IDS.map((id, index) => ({ id, valid, saved: valid, flagged: flagged && index === 0 })),
  mode,
  flags: { fields: flagged ? ['one.name'] : [], documents: [] },
});

describe('model-based paths of the KYC machines', () => {
  it('reach every state of the wizard, including every failure and retry', () => {
    const paths = machinePaths(wizardMachine, {
      input: { stepIds: IDS },
      events: [
        { type: 'wizard.save', data: { name: 'draft' } },
        { type: 'wizard.next', data: { name: 'draft' } },
        { type: 'wizard.back' },
        { type: 'wizard.go-to', stepId: 'two' },
        { type: 'wizard.submit' },
        { type: 'wizard.retry' },
        { type: 'wizard.dismiss' },
        { type: 'wizard.reload' },
      ],
      environment: {
        output: {
          loadProgress: [progress('edit', false), progress('edit', true), progress('resubmission', true, true), progress('readOnly', true)],
          saveStep: [
            { steps: IDS.map((id) => ({ id, valid: true, saved: true, flagged: false })) },
            { steps: IDS.map((id) => ({ id, valid: false, saved: true, flagged: false })) },
          ],
        },
      },
      cover: 'transitions',
      maxStates: 5000,
    });
    const coverage = stateCoverage(wizardMachine, paths);
    expect(coverage.missing).toEqual([]);
    expect(paths.some((path) => path.targetStateKeys.includes('submitted'))).toBe(true);
  });

  it('reach every onboarding status from Created', () => {
    const paths = machinePaths(onboardingLifecycleMachine, {
      events: [
        'application.submit',
        'review.start',
        'review.request-resubmission',
        'review.approve',
        'review.reject',
        'contract.send',
        'contract.sign',
        'group.activate',
        'group.delete',
        'application.expire',
      ].map((type) => ({ type }) as never),
      cover: 'transitions',
    });
    const coverage = stateCoverage(onboardingLifecycleMachine, paths);
    // ContractPending is reached by sending the contract after approval (decision 0536).
    expect(coverage.missing).toEqual([]);
    expect(coverage.all.size).toBe(ONBOARDING_STATUSES.length);
  });
});
