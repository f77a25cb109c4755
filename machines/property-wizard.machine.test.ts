import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../contract/endpoint';
import type { PropertyOverview, PropertyStatus } from '../contract/properties';
import type { PropertyFlag } from '../contract/property-lifecycle';
import { PROPERTY_WIZARD_STEPS } from '../contract/property-wizard';
import { createPropertyWizardMachine, flaggedStepIds, progressOf, PROPERTY_WIZARD, wizardStepIdsOf, type ApiCall } from './property-wizard.machine';

const PROPERTY = '22222222-2222-4222-8222-222222222222';
const flag = (target: string, resolvedAt: string | null = null) =>
  ({ target, reason: 'fix it', createdAt: '2026-01-01T00:00:00Z', resolvedAt }) as PropertyFlag;

function overview(status: PropertyStatus, flags: PropertyFlag[] = []): PropertyOverview {
  return {
    merchantId: PROPERTY,
    status,
    flags,
    settings: [
      { page: 'currency-rules', source: 'property' },
      { page: 'payment-settings', source: 'group' },
    ],
  } as unknown as PropertyOverview;
}

/** The overview and lifecycle calls in memory, recorded. */
function fakeServer(start: PropertyOverview) {
  let state = start;
  const calls: string[] = [];
  const call = (async (endpoint: Endpoint, options?: { body?: { action?: string } }) => {
    calls.push(options?.body?.action ? `${endpoint.id}:${options.body.action}` : endpoint.id);
    if (options?.body?.action === 'complete') state = { ...state, status: 'NotOnboarded' };
    if (options?.body?.action === 'submit') state = { ...state, status: 'PendingReview' };
    return state;
  }) as ApiCall;
  return { call, calls };
}

describe('property wizard definition', () => {
  it("has spec 2's ten steps in order, each a property page", () => {
    expect(PROPERTY_WIZARD.steps.map((step) => step.id)).toEqual(PROPERTY_WIZARD_STEPS.map((step) => step.id));
    expect(PROPERTY_WIZARD.steps).toHaveLength(10);
  });
});

describe('progress from the property', () => {
  it('is editable while Created or NotOnboarded, resubmission when sent back, read-only otherwise', () => {
    expect(progressOf(overview('Created')).mode).toBe('edit');
    expect(progressOf(overview('NotOnboarded')).mode).toBe('edit');
    expect(progressOf(overview('ResubmissionRequired')).mode).toBe('resubmission');
    for (const status of ['PendingReview', 'FeeSetup', 'Active', 'Inactive'] as const) expect(progressOf(overview(status)).mode).toBe('readOnly');
  });

  it("counts a step saved when the property has its own settings of the step's page", () => {
    const steps = progressOf(overview('Created')).steps;
    expect(steps.filter((step) => step.saved).map((step) => step.id)).toEqual(['property-information', 'currency-rules']);
    expect(steps.every((step) => step.valid)).toBe(true);
  });

  it("flags the step of each open flag's page, and the first step for a property field", () => {
    const back = overview('ResubmissionRequired', [flag('currency-rules'), flag('city'), flag('payout-settings', '2026-01-02T00:00:00Z'), flag('fees')]);
    expect(flaggedStepIds(back)).toEqual(['property-information', 'currency-rules']);
    expect(wizardStepIdsOf(back)).toEqual(['property-information', 'currency-rules']);
    // A flag on a page that is no wizard step leaves the whole wizard to walk.
    expect(wizardStepIdsOf(overview('ResubmissionRequired', [flag('fees')]))).toHaveLength(10);
    expect(wizardStepIdsOf(overview('Created', [flag('currency-rules')]))).toHaveLength(10);
  });
});

describe('the machine with the property calls', () => {
  it('walks the steps, re-reads the property after each, and finishes with complete then submit', async () => {
    const server = fakeServer(overview('Created'));
    const stepIds = wizardStepIdsOf(overview('Created'));
    const actor = createActor(createPropertyWizardMachine(server.call, PROPERTY), { input: { stepIds, startAt: 'smtp-setting' } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.currentIndex).toBe(9);
    actor.send({ type: 'wizard.next', data: {} });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(server.calls).toEqual(['getPropertyOverview', 'getPropertyOverview', 'transitionProperty:complete', 'transitionProperty:submit']);
  });

  it('opens a property sent back on its first flagged step, walks only the flagged steps and only submits', async () => {
    const back = overview('ResubmissionRequired', [flag('notifications'), flag('currency-rules')]);
    const server = fakeServer(back);
    const actor = createActor(createPropertyWizardMachine(server.call, PROPERTY), { input: { stepIds: wizardStepIdsOf(back) } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.stepIds).toEqual(['currency-rules', 'notifications']);
    expect(actor.getSnapshot().context.currentIndex).toBe(0);
    actor.send({ type: 'wizard.next', data: {} });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.currentIndex === 1);
    actor.send({ type: 'wizard.next', data: {} });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(server.calls.filter((entry) => entry.startsWith('transition'))).toEqual(['transitionProperty:submit']);
  });

  it('is locked while the property is in review', async () => {
    const server = fakeServer(overview('PendingReview'));
    const actor = createActor(createPropertyWizardMachine(server.call, PROPERTY), { input: { stepIds: wizardStepIdsOf(overview('PendingReview')) } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('locked'));
    const loaded = [...server.calls];
    // Nothing in review can be saved, advanced or submitted: the events are ignored and no call goes out.
    actor.send({ type: 'wizard.save', data: {} });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(server.calls).toEqual(loaded);
    expect(loaded.every((entry) => !entry.includes(':'))).toBe(true);
  });
});
