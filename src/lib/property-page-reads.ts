import { brandAssetEndpoints } from '../../contract/brand-assets';
import type { Endpoint } from '../../contract/endpoint';
import { feeEndpoints } from '../../contract/fees';
import { secretKeyEndpoints } from '../../contract/secret-keys';
import { settingsEndpoints } from '../../contract/settings/endpoints';
import type { PropertyPage } from '../../contract/settings/pages';
import { smtpSettingsEndpoints } from '../../contract/smtp-settings';
import { userAdminEndpoints } from '../../contract/user-admin';
import { webhookEndpoints } from '../../contract/webhooks';
import { useCapabilities } from './capabilities';

/**
 * The read each property settings page opens with: the page is readable when the server's capabilities
 * answer says its user may make that call. The property overview links only the pages
 * its user can read, and a page its user cannot read says so instead of showing the server's refusal.
 */
export const PROPERTY_PAGE_READS: Record<PropertyPage, Pick<Endpoint, 'id'>> = {
  'property-info': settingsEndpoints.getPropertySettings,
  'brand-assets': brandAssetEndpoints.listBrandAssets,
  'property-manager': userAdminEndpoints.getPropertyManagers,
  'currency-rules': settingsEndpoints.getPropertySettings,
  'payment-settings': settingsEndpoints.getPropertySettings,
  'processing-settings': settingsEndpoints.getPropertySettings,
  fees: feeEndpoints.searchFees,
  notifications: settingsEndpoints.getPropertySettings,
  'payout-settings': settingsEndpoints.getPropertySettings,
  ows: settingsEndpoints.getPropertySettings,
  'smtp-settings': smtpSettingsEndpoints.searchMerchantSmtp,
  'webhook-configuration': webhookEndpoints.searchWebhookSettings,
  'secret-keys': secretKeyEndpoints.listSecretKeys,
};

/** Whether the signed-in user can read a property settings page (the server decides again when it opens). */
export function usePropertyPageReadable(): (page: PropertyPage) => boolean {
  const { may } = useCapabilities();
  return (page) => {
    // An address naming no page reaches its form host, which says the page does not exist.
    const read = PROPERTY_PAGE_READS[page] as (typeof PROPERTY_PAGE_READS)[PropertyPage] | undefined;
    return !read || may(read);
  };
}
