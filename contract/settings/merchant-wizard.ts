import { z } from 'zod';
import { defineEndpoint, endpointTable } from '../endpoint';
import { OnboardingStatusSchema } from '../merchant-groups';
import { MERCHANT_API } from '../product';
import { m } from './fields';
import type { MerchantPage } from './pages';

// The merchant wizard (spec 2 "Merchants": steps in the spec's order), for a merchant group once it
// is Active: each step is one merchant page's form; the wizard keeps a draft per step (the values
// the step saved) so it resumes where it was left. docs/decisions/0251-merchant-wizard.md.

export const MERCHANT_WIZARD_STEPS = [
  'currency-rules',
  'location-settings',
  'payment-settings',
  'processing-settings',
  'fees',
  'payout-emails',
  'ows-settings',
  'email-settings',
] as const satisfies readonly MerchantPage[];
export type MerchantWizardStep = (typeof MERCHANT_WIZARD_STEPS)[number];
export const MerchantWizardStepSchema = z.enum(MERCHANT_WIZARD_STEPS, { error: m('step') });

/** The group status the wizard opens in; any other status answers 409. */
export const MERCHANT_WIZARD_STATUS = 'Active';

export const MerchantWizardStepStateSchema = z.object({
  step: MerchantWizardStepSchema,
  saved: z.boolean(),
  valid: z.boolean(),
  savedAt: z.string().nullable(),
});
export const MerchantWizardAnswerSchema = z.object({
  merchantGroupId: z.uuid(),
  groupStatus: OnboardingStatusSchema,
  steps: z.array(MerchantWizardStepStateSchema),
  completedAt: z.string().nullable(),
});
export type MerchantWizardAnswer = z.infer<typeof MerchantWizardAnswerSchema>;

const Params = z.object({ merchantGroupId: z.uuid({ error: m('id') }) });
const READ = { resource: 'Merchants', action: 'Read' } as const;
const UPDATE = { resource: 'Merchants', action: 'Update' } as const;

export const merchantWizardEndpoints = endpointTable([
  defineEndpoint({
    id: 'getMerchantWizard',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-wizard/{merchantGroupId}`,
    summary: "The merchant wizard's progress for a group: each step's draft state and validity, and whether it is finished",
    access: READ,
    params: Params,
    response: MerchantWizardAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveMerchantWizardStep',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-wizard/{merchantGroupId}/steps`,
    summary: 'Keep one step as a draft (the values it saved); 409 unless the group is Active; audited',
    access: UPDATE,
    params: Params,
    body: z.object({ step: MerchantWizardStepSchema, data: z.record(z.string(), z.unknown(), { error: m('body') }) }),
    response: MerchantWizardAnswerSchema,
  }),
  defineEndpoint({
    id: 'completeMerchantWizard',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-wizard/{merchantGroupId}/complete`,
    summary: 'Finish the merchant wizard; 409 unless the group is Active and every step is saved and valid; audited',
    access: UPDATE,
    params: Params,
    response: MerchantWizardAnswerSchema,
  }),
]);
