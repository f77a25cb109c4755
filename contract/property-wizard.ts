import { PROPERTY_PAGES, type PropertyPage } from './settings/pages';

// The add-property wizard (spec 2: ten steps, thirteen step numbers; decision 0261). The thirteen
// step numbers are the thirteen property pages in spec order (1 property-info ... 13 secret-keys);
// the wizard walks ten of them. Property manager (3), fees (7) and secret keys (13) are not wizard
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

/** The spec's step number (1-13) of a page. */
export function stepNumberOf(page: PropertyPage): number {
  return PROPERTY_PAGES.indexOf(page) + 1;
}
