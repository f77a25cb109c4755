import { brandAssetEndpoints } from '../../../contract/brand-assets';
import type { Action, Resource } from '../../../contract/roles';
import { feeEndpoints } from '../../../contract/fees';
import { secretKeyEndpoints } from '../../../contract/secret-keys';
import { settingsEndpoints } from '../../../contract/settings/endpoints';
import type { PropertyPage } from '../../../contract/settings/pages';
import { smtpSettingsEndpoints } from '../../../contract/smtp-settings';
import { userAdminEndpoints } from '../../../contract/user-admin';
import { webhookEndpoints } from '../../../contract/webhooks';
import { useApiAllows } from '../../lib/use-api-allows';

/**
 * What the server asks of a caller for the read each property settings page opens with, taken from
 * that call's own contract entry so the two cannot part. The property overview links only the pages
 * its user can read, and a page its user cannot read says so instead of showing the server's refusal.
 */
export const PROPERTY_PAGE_READS: Record<PropertyPage, { resource: Resource; action: Action }> = {
  'property-info': settingsEndpoints.getPropertySettings.access,
  'brand-assets': brandAssetEndpoints.listBrandAssets.access,
  'property-manager': userAdminEndpoints.listUsers.access,
  'currency-rules': settingsEndpoints.getPropertySettings.access,
  'payment-settings': settingsEndpoints.getPropertySettings.access,
  'processing-settings': settingsEndpoints.getPropertySettings.access,
  fees: feeEndpoints.searchFees.access,
  notifications: settingsEndpoints.getPropertySettings.access,
  'payout-settings': settingsEndpoints.getPropertySettings.access,
  ows: settingsEndpoints.getPropertySettings.access,
  'smtp-settings': smtpSettingsEndpoints.searchMerchantSmtp.access,
  'webhook-configuration': webhookEndpoints.searchWebhookSettings.access,
  'secret-keys': secretKeyEndpoints.listSecretKeys.access,
};

/** Whether the signed-in user can read a property settings page (the server decides again when it opens). */
export function usePropertyPageReadable(): (page: PropertyPage) => boolean {
  const allows = useApiAllows();
  return (page) => {
    // An address naming no page reaches its form host, which says the page does not exist.
    const access = PROPERTY_PAGE_READS[page] as (typeof PROPERTY_PAGE_READS)[PropertyPage] | undefined;
    return !access || allows(access);
  };
}
