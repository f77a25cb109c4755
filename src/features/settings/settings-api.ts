import { queryOptions } from '@tanstack/react-query';
import type { SettingsScope } from '../../../contract/settings/scope';
import { settingsEndpoints, type SettingsAnswer } from '../../../contract/settings/endpoints';
import type { SettingsKind } from '../../../contract/settings/kinds';
import type { LocationSettings } from '../../../contract/settings/location';
import type { PayoutEmails } from '../../../contract/settings/payout-emails';
import { call } from '../../lib/api-client';

// The settings store's calls for one scope and kind. A group's location settings and payout e-mails
// go through spec 7's own endpoints; everything else through the per-scope settings paths.

type Values = Record<string, unknown>;
const endpoints = settingsEndpoints;

export const settingsQueryKey = (scope: SettingsScope, kind: SettingsKind) =>
  ['settings', kind, scope.kind === 'property' ? scope.merchantId : scope.merchantGroupId] as const;

export function settingsQuery(scope: SettingsScope, kind: SettingsKind) {
  return queryOptions({ queryKey: settingsQueryKey(scope, kind), queryFn: () => readSettings(scope, kind), meta: { errorToast: false } });
}

function readSettings(scope: SettingsScope, kind: SettingsKind): Promise<SettingsAnswer> {
  if (scope.kind === 'property') return call(endpoints.getPropertySettings, { params: { merchantId: scope.merchantId, kind } });
  if (kind === 'location') return call(endpoints.getMerchantLocationSettings, { query: { MerchantGroupId: scope.merchantGroupId } });
  if (kind === 'payout-emails') return call(endpoints.searchPayoutEmailConfig, { body: { merchantGroupId: scope.merchantGroupId } });
  return call(endpoints.getGroupSettings, { params: { merchantGroupId: scope.merchantGroupId, kind } });
}

/** The call a save of this scope and kind makes: a screen offers the save only to whom the server lets make it. */
export function saveEndpointOf(scope: SettingsScope, kind: SettingsKind) {
  if (scope.kind === 'property') return endpoints.savePropertySettings;
  if (kind === 'location') return endpoints.saveMerchantLocationSettings;
  if (kind === 'payout-emails') return endpoints.savePayoutEmailConfig;
  return endpoints.saveGroupSettings;
}

export function saveSettings(scope: SettingsScope, kind: SettingsKind, values: Values, ifMatch: string): Promise<SettingsAnswer> {
  if (scope.kind === 'property') return call(endpoints.savePropertySettings, { params: { merchantId: scope.merchantId, kind }, body: values, ifMatch });
  // The kind's schema has checked the values in the form; the server checks them again.
  if (kind === 'location')
    return call(endpoints.saveMerchantLocationSettings, { query: { MerchantGroupId: scope.merchantGroupId }, body: values as LocationSettings, ifMatch });
  if (kind === 'payout-emails')
    return call(endpoints.savePayoutEmailConfig, { body: { merchantGroupId: scope.merchantGroupId, ...(values as PayoutEmails) }, ifMatch });
  return call(endpoints.saveGroupSettings, { params: { merchantGroupId: scope.merchantGroupId, kind }, body: values, ifMatch });
}

export function resetPropertyField(merchantId: string, kind: SettingsKind, field: string, version: string): Promise<SettingsAnswer> {
  return call(endpoints.resetPropertySettings, { params: { merchantId, kind }, body: { fields: [field] }, ifMatch: version });
}
