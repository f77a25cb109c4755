import type { PropertyPage } from './settings/pages';

// The add-property wizard (spec 2: ten steps, thirteen step numbers; decision 0261). The wizard walks
// ten of the thirteen property pages and numbers its steps 1-10 in the spec's step order (issue 34:
// the page numbers read 1, 2, 4, ..., 12, 11 to its user). Property manager (3), fees (7) and secret keys (13) are not wizard
// steps: managers are the group's users assigned once the property exists, fees are provider staff's
// in FeeSetup, and keys are issued for a property that can take calls.

export const PROPERTY_WIZARD_STEPS = [
  { id: 'property-information', page: 'property-info' },
  { id: 'brand-assets', page: 'brand-assets' },
  { id: 'currency-rules', page: 'currency-rules' },
  { id: 'payment-settings', page: 'payment-settings' },
  { id: 'processing-settings', page: 'processing-settings' },
  { id: 'notifications', page: 'notifications' },
  { id: 'payout-setting', page: 'payout-settings' },
  { id: 'integrations', page: 'ows' },
  { id: 'webhook', page: 'webhook-configuration' },
  { id: 'smtp-setting', page: 'smtp-settings' },
] as const satisfies ReadonlyArray<{ id: string; page: PropertyPage }>;
export type PropertyWizardStepId = (typeof PROPERTY_WIZARD_STEPS)[number]['id'];

/** The number (1-10) the wizard shows for a step: its place in the spec's order, also when only some steps are walked. */
export function wizardStepNumberOf(id: PropertyWizardStepId): number {
  return PROPERTY_WIZARD_STEPS.findIndex((step) => step.id === id) + 1;
}
