import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { merchantGroupEndpoints, type MerchantGroupListQuery } from '../../../contract/merchant-groups';
import { merchantEndpoints, type GrantMerchantAccess, type MerchantStatusChange } from '../../../contract/merchants';
import { merchantWizardEndpoints } from '../../../contract/settings/merchant-wizard';
import { call } from '../../lib/api-client';

export const merchantKeys = {
  groups: ['merchants', 'groups'] as const,
  groupList: (query: MerchantGroupListQuery) => ['merchants', 'groups', query] as const,
  groupMerchants: (groupId: string) => ['merchants', 'group-merchants', groupId] as const,
  wizard: (groupId: string) => ['merchants', 'wizard', groupId] as const,
  detailed: (groupId: string) => ['merchants', 'detailed', groupId] as const,
};

/** GET /merchants/detailed of one group: each merchant's status, fee in force and the statuses it may move to. */
export const detailedMerchantsQuery = (merchantGroupId: string) =>
  queryOptions({
    queryKey: merchantKeys.detailed(merchantGroupId),
    queryFn: ({ signal }) => call(merchantEndpoints.searchDetailedMerchants, { query: { merchantGroupId }, signal }),
  });

export function changeMerchantStatus(body: MerchantStatusChange) {
  return call(merchantEndpoints.changeMerchantStatus, { body });
}

/** The merchant wizard's progress of an Active group (the server answers 409 for any other status). */
export const merchantWizardQuery = (merchantGroupId: string) =>
  queryOptions({
    queryKey: merchantKeys.wizard(merchantGroupId),
    queryFn: ({ signal }) => call(merchantWizardEndpoints.getMerchantWizard, { params: { merchantGroupId }, signal }),
  });

export const merchantGroupsQuery = (query: MerchantGroupListQuery) =>
  queryOptions({
    queryKey: merchantKeys.groupList(query),
    queryFn: ({ signal }) => call(merchantGroupEndpoints.listMerchantGroups, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const groupMerchantsQuery = (merchantGroupId: string) =>
  queryOptions({
    queryKey: merchantKeys.groupMerchants(merchantGroupId),
    queryFn: ({ signal }) => call(merchantEndpoints.searchGroupMerchants, { params: { merchantGroupId }, signal }),
  });

export function grantMerchantAccess(body: GrantMerchantAccess) {
  return call(merchantEndpoints.grantMerchantAccess, { body });
}

export function setMerchantActive(merchantId: string, active: boolean, reason: string) {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return active
    ? call(merchantEndpoints.reactivateMerchant, { params: { id: merchantId }, body })
    : call(merchantEndpoints.deactivateMerchant, { params: { id: merchantId }, body });
}
