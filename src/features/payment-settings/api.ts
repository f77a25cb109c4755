import { queryOptions } from '@tanstack/react-query';
import { merchantConfigEndpoints, type MerchantConfigBody, type VccMerchantConfigInput } from '../../../contract/merchant-config';
import { call } from '../../lib/api-client';

export const paymentSettingsKeys = {
  all: ['payment-settings'] as const,
  search: (merchantId?: string) => ['payment-settings', merchantId ?? 'all'] as const,
  vcc: (merchantId: string) => ['payment-settings', 'vcc', merchantId] as const,
};

/** A property's virtual card (VCC) config: an empty list when it has none yet. */
export const vccConfigQuery = (merchantId: string) =>
  queryOptions({
    queryKey: paymentSettingsKeys.vcc(merchantId),
    queryFn: ({ signal }) => call(merchantConfigEndpoints.searchVccMerchantConfigs, { body: { merchantId }, signal }),
  });

export function saveVccConfig(body: VccMerchantConfigInput) {
  return call(merchantConfigEndpoints.saveVccMerchantConfig, { body });
}

export const merchantConfigsQuery = (merchantId?: string) =>
  queryOptions({
    queryKey: paymentSettingsKeys.search(merchantId),
    queryFn: ({ signal }) => call(merchantConfigEndpoints.searchMerchantConfigs, { body: merchantId ? { merchantId } : {}, signal }),
  });

export function saveMerchantConfig(body: MerchantConfigBody, adding: boolean) {
  return adding ? call(merchantConfigEndpoints.createMerchantConfig, { body }) : call(merchantConfigEndpoints.updateMerchantConfig, { body });
}

export function deleteMerchantConfig(merchantId: string) {
  return call(merchantConfigEndpoints.deleteMerchantConfig, { params: { id: merchantId } });
}
