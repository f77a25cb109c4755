import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../contract/endpoint';
import { MERCHANT_WIZARD_STEPS, type MerchantWizardAnswer } from '../contract/settings/merchant-wizard';
import { createMerchantWizardMachine, MERCHANT_WIZARD, merchantWizardInput, merchantWizardMachine, progressOf, type ApiCall } from './merchant-wizard.machine';

const GROUP = '11111111-1111-4111-8111-111111111111';

function answer(validSteps: number, overrides: Partial<MerchantWizardAnswer> = {}): MerchantWizardAnswer {
  return {
    merchantGroupId: GROUP,
    groupStatus: 'Active',
    completedAt: null,
    steps: MERCHANT_WIZARD_STEPS.map((step, index) => ({ step, saved: index < validSteps, valid: index < validSteps, savedAt: null })),
    ...overrides,
  };
}

/** A server in memory: the wizard's three calls, recorded. */
function fakeServer(start: MerchantWizardAnswer) {
  let state = start;
  const calls: string[] = [];
  const call = (async (endpoint: Endpoint, options?: { body?: { step?: string } }) => {
    calls.push(endpoint.id);
    if (endpoint.id === 'saveMerchantWizardStep') {
      state = { ...state, steps: state.steps.map((step) => (step.step === options?.body?.step ? { ...step, saved: true, valid: true } : step)) };
    }
    if (endpoint.id === 'completeMerchantWizard') state = { ...state, completedAt: new Date().toISOString() };
    return state;
  }) as ApiCall;
  return { call, calls };
}

describe('merchant wizard definition', () => {
  it('has the steps of spec 2 in order, each a merchant page', () => {
    expect(MERCHANT_WIZARD.steps.map((step) => step.id)).toEqual([
      'currency-rules',
      'location-settings',
      'payment-settings',
      'processing-settings',
      'fees',
      'payout-emails',
      'ows-settings',
      'email-settings',
    ]);
    expect(MERCHANT_WIZARD.steps.map((step) => step.path)).toContain('/merchants/payout-emails');
    // A settings step carries its kind's schema; the fees step (another module's form) any object.
    expect(MERCHANT_WIZARD.steps[0]!.schema.safeParse({ acceptedCurrencies: [], settlementCurrency: 'EUR' }).success).toBe(false);
    expect(MERCHANT_WIZARD.steps[4]!.schema.safeParse({}).success).toBe(true);
    expect(merchantWizardMachine.id).toBe('merchantWizard');
  });

  it('is read-only unless the group is Active and the wizard unfinished', () => {
    expect(progressOf(answer(0)).mode).toBe('edit');
    expect(progressOf(answer(0, { groupStatus: 'ContractSigned' })).mode).toBe('readOnly');
    expect(progressOf(answer(8, { completedAt: '2026-11-01T00:00:00Z' })).mode).toBe('readOnly');
  });
});

describe('merchant wizard machine', () => {
  it('resumes at the first step not yet valid, saves each step as a draft and finishes after the last', async () => {
    const server = fakeServer(answer(3));
    const actor = createActor(createMerchantWizardMachine(server.call, GROUP), { input: merchantWizardInput }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.currentIndex).toBe(3);
    for (let index = 3; index < MERCHANT_WIZARD_STEPS.length; index++) {
      actor.send({ type: 'wizard.next', data: { step: index } });
      await waitFor(actor, (snapshot) => snapshot.matches('editing') || snapshot.matches('submitted'));
    }
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    expect(server.calls.filter((id) => id === 'saveMerchantWizardStep')).toHaveLength(5);
    expect(server.calls.at(-1)).toBe('completeMerchantWizard');
  });

  it('locks a wizard whose group is not Active', async () => {
    const server = fakeServer(answer(0, { groupStatus: 'Approved' }));
    const actor = createActor(createMerchantWizardMachine(server.call, GROUP), { input: merchantWizardInput }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('locked'));
    actor.send({ type: 'wizard.next', data: {} });
    expect(actor.getSnapshot().matches('locked')).toBe(true);
    expect(server.calls).toEqual(['getMerchantWizard']);
  });
});
