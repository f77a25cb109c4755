import { queryOptions } from '@tanstack/react-query';
import { merchantConfigEndpoints, type MerchantConfigBody, type VccMerchantConfigInput } from '../../../contract/payment-settings';
import { call } from '../../lib/api-client';

export const paymentSettingsKeys = {
  all: ['payment-settings'] as const,
  search: (merchantId?: string) => ['payment-settings', merchantId ?? 'all'] as const,
  vcc: (merchantId: string) => ['payment-settings', 'vcc', merchantId] as const,
};

/** A property's virtual card (VCC) config: an empty list when it has none yet. */
export const vccSettingsQuery = (merchantId: string) =>
  queryOptions({
    queryKey: paymentSettingsKeys.vcc(merchantId),
    queryFn: ({ signal }) => call(merchantConfigEndpoints.searchVccMerchantConfigs, { body: { merchantId }, signal }),
  });

/** `version`: the `updatedAt` the form was opened on (contract/versions.ts); a save over a newer one is refused (412). */
export function saveVccSettings(body: VccMerchantConfigInput, version: string) {
  return call(merchantConfigEndpoints.saveVccMerchantConfig, { body, ifMatch: version });
}

/**
 * A page of the list (decision 0715): `size` properties from `page * size`, whose property or group name holds
 * `search`. The screens ask one more than they show, to know whether a next page exists.
 */
export const paymentSettingsPageQuery = (search: string, page: number, size: number) =>
  queryOptions({
    queryKey: [...paymentSettingsKeys.all, 'page', search, page, size] as const,
    queryFn: ({ signal }) =>
      call(merchantConfigEndpoints.searchMerchantConfigs, { body: { ...(search.trim() ? { search: search.trim() } : {}), page, pageSize: size }, signal }),
    placeholderData: (previous) => previous,
  });

export const paymentSettingsQuery = (merchantId?: string) =>
  queryOptions({
    queryKey: paymentSettingsKeys.search(merchantId),
    queryFn: ({ signal }) => call(merchantConfigEndpoints.searchMerchantConfigs, { body: merchantId ? { merchantId } : {}, signal }),
  });

/** `version`: the `updatedAt` the form was opened on (contract/versions.ts); a save over a newer one is refused (412). */
export function savePaymentSettings(body: MerchantConfigBody, adding: boolean, version: string) {
  const options = { body, ifMatch: version };
  return adding ? call(merchantConfigEndpoints.createMerchantConfig, options) : call(merchantConfigEndpoints.updateMerchantConfig, options);
}

export function deletePaymentSettings(merchantId: string) {
  return call(merchantConfigEndpoints.deleteMerchantConfig, { params: { id: merchantId } });
}
