import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MerchantPage, PropertyPage } from '../../../contract/settings/pages';
import type { SettingsFormProps } from './settings-form-props';

// Which form each settings page shows (spec 2 merchant and property pages). Every form lives in
// its owner's subfolder of src/features/settings/ and is registered here with one line
// (`'fees': settingsForm(() => import('./fees/fees-form'), 'FeesForm'),`);
// the page forms (settings-form-host.tsx, handed to the page screens by the route table) and the
// wizards look the form up by the page's slug and load it on demand.
// A slug with no entry shows an honest "not available yet" on its page.

export type SettingsForm = ComponentType<SettingsFormProps>;
export type SettingsFormLoader = () => Promise<SettingsForm>;

export function settingsForm<M>(importer: () => Promise<M>, name: keyof M): SettingsFormLoader {
  return () => importer().then((module) => module[name] as SettingsForm);
}

/** /merchants/<page>: a merchant group's settings. */
export const MERCHANT_PAGE_FORMS: Partial<Record<MerchantPage, SettingsFormLoader>> = {
  'currency-rules': settingsForm(() => import('./currency-rules/currency-rules-form'), 'CurrencyRulesForm'),
  'location-settings': settingsForm(() => import('./location-settings/location-settings-form'), 'LocationSettingsForm'),
  'payment-settings': settingsForm(() => import('./payment-settings/payment-settings-form'), 'PaymentSettingsForm'),
  'processing-settings': settingsForm(() => import('./processing-settings/processing-settings-form'), 'ProcessingSettingsForm'),
  fees: settingsForm(() => import('./fees/fees-form'), 'FeesForm'),
  'payout-emails': settingsForm(() => import('./payout-emails/payout-emails-form'), 'PayoutEmailsForm'),
  'ows-settings': settingsForm(() => import('./ows-settings/ows-settings-form'), 'OwsSettingsForm'),
  'contract-signed': settingsForm(() => import('./contract-signed/contract-signed-form'), 'ContractSignedForm'),
  'email-settings': settingsForm(() => import('./email-settings/email-settings-form'), 'EmailSettingsForm'),
  'webhook-configuration': settingsForm(() => import('./webhooks/webhook-settings-form'), 'WebhookSettingsForm'),
};

/** /properties/<page>: one property's settings (inherited from its group unless overridden). */
export const PROPERTY_PAGE_FORMS: Partial<Record<PropertyPage, SettingsFormLoader>> = {
  'property-info': settingsForm(() => import('./property-info/property-info-form'), 'PropertyInfoForm'),
  'brand-assets': settingsForm(() => import('./brand-assets/brand-assets-form'), 'BrandAssetsForm'),
  'property-manager': settingsForm(() => import('./property-manager/property-manager-form'), 'PropertyManagerForm'),
  'currency-rules': settingsForm(() => import('./currency-rules/currency-rules-form'), 'CurrencyRulesForm'),
  'payment-settings': settingsForm(() => import('./payment-settings/payment-settings-form'), 'PaymentSettingsForm'),
  'processing-settings': settingsForm(() => import('./processing-settings/processing-settings-form'), 'ProcessingSettingsForm'),
  fees: settingsForm(() => import('./fees/fees-form'), 'FeesForm'),
  notifications: settingsForm(() => import('./notifications/notifications-form'), 'NotificationsForm'),
  'payout-settings': settingsForm(() => import('./payout-settings/payout-settings-form'), 'PayoutSettingsForm'),
  ows: settingsForm(() => import('./ows-settings/ows-settings-form'), 'OwsSettingsForm'),
  'smtp-settings': settingsForm(() => import('./email-settings/email-settings-form'), 'EmailSettingsForm'),
  'webhook-configuration': settingsForm(() => import('./webhooks/webhook-settings-form'), 'WebhookSettingsForm'),
  'secret-keys': settingsForm(() => import('./secret-keys/secret-keys-form'), 'SecretKeysForm'),
};

// React.lazy must see one component per loader, or each render would start a new load.
const lazyForms = new Map<SettingsFormLoader, LazyExoticComponent<SettingsForm>>();

export function lazySettingsForm(loader: SettingsFormLoader): LazyExoticComponent<SettingsForm> {
  let component = lazyForms.get(loader);
  if (!component) {
    component = lazy(() => loader().then((loaded) => ({ default: loaded })));
    lazyForms.set(loader, component);
  }
  return component;
}
