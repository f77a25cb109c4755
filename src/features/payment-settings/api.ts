import { queryOptions } from '@tanstack/react-query';
import { merchantConfigEndpoints, type MerchantConfigBody } from '../../../contract/merchant-config';
import { call } from '../../lib/api-client';

export const paymentSettingsKeys = {
  all: ['payment-settings'] as const,
  search: (merchantId?: string) => ['payment-settings', merchantId ?? 'all'] as const,
};

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
