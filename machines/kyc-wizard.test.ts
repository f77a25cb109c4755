import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../contract/endpoint';
import type { OnboardingTracking } from '../contract/kyc/application';
import { KYC_STEP_IDS } from '../contract/kyc/steps';
import { createKycWizardMachine, KYC_WIZARD, kycWizardInput, progressFromTracking, type ApiCall } from './kyc-wizard';

const GROUP = '11111111-1111-4111-8111-111111111111';

describe('KYC wizard definition', () => {
  it('has the eight steps in the order of spec 2, the last titled submit application', () => {
    expect(KYC_WIZARD.steps.map((step) => step.id)).toEqual([
      'application-overview',
      'company-details',
      'business-information',
      'sanctions-exposure',
      'company-stakeholders',
      'processing-details',
      'settlement-accounts',
      'authorised-signatory',
    ]);
    expect(KYC_WIZARD.steps.at(-1)?.titleKey).toBe('kyc.steps.submitApplication');
    expect(KYC_WIZARD.successPath).toBe('/kyc/application-success');
    expect(KYC_WIZARD.steps[1]?.schema.safeParse({}).success).toBe(false);
  });

  it('turns open review flags into editable fields and documents', () => {
    const progress = progressFromTracking({
      mode: 'resubmission',
      steps: [],
      flags: [
        {
          id: 'a',
          targetKind: 'field',
          target: 'company-details.businessAddress.postal',
          step: 'company-details',
          reason: 'typo',
          createdAt: '',
          createdBy: null,
          resolvedAt: null,
          outstanding: true,
        },
        {
          id: 'b',
          targetKind: 'document',
          target: 'doc-1',
          step: 'company-details',
          reason: 'blurry',
          createdAt: '',
          createdBy: null,
          resolvedAt: null,
          outstanding: true,
        },
        {
          id: 'c',
          targetKind: 'document',
          target: 'doc-0',
          step: 'company-details',
          reason: 'old',
          createdAt: '',
          createdBy: null,
          resolvedAt: '2026-01-01',
          outstanding: false,
        },
      ],
    });
    expect(progress.flags).toEqual({ fields: ['company-details.businessAddress.postal'], documents: ['doc-1'] });
  });

  it('loads, saves and submits through the api calls with the merchant group id', async () => {
    const seen: Array<{ id: string; params: unknown; body?: unknown }> = [];
    const steps = KYC_STEP_IDS.map((step) => ({
      step,
      saved: true,
      valid: step !== 'authorised-signatory',
      savedAt: null,
      flagged: false,
      needsChanges: false,
    }));
    const call = (async (endpoint: Endpoint, options: { params?: unknown; body?: unknown } = {}) => {
      seen.push({ id: endpoint.id, params: options.params, body: options.body });
      if (endpoint.id === 'getOnboardingTracking') return { steps, mode: 'edit', flags: [] } as Partial<OnboardingTracking>;
      if (endpoint.id === 'saveKycStep') return { steps: steps.map((step) => ({ ...step, valid: true })) };
      return {};
    }) as unknown as ApiCall;
    const actor = createActor(createKycWizardMachine(call, GROUP), { input: kycWizardInput }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.currentIndex).toBe(7);
    actor.send({ type: 'wizard.next', data: { firstName: 'Ada' } });
    await waitFor(actor, (snapshot) => snapshot.matches('submitted'));
    expect(seen.map((entry) => entry.id)).toEqual(['getOnboardingTracking', 'saveKycStep', 'submitKycApplication']);
    expect(seen[1]).toMatchObject({ params: { id: GROUP }, body: { step: 'authorised-signatory', data: { firstName: 'Ada' } } });
  });
});
