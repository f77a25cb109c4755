import { endpointTable, type Endpoint, type HttpMethod } from './endpoint';
import { merchantEndpoints } from './merchants';
import { MERCHANT_API } from './product';
import { propertyEndpoints } from './properties';
import { settingsEndpoints } from './settings/endpoints';
import { smtpSettingsEndpoints } from './smtp-settings';

// Spec 7 names ten calls that this server serves under other methods or paths: the merchants
// (properties) under /properties and /merchants/detailed (decisions 0260, 0294), the sender of
// `merchant-email-configs` folded into `merchant-smtp` (decision 0280), and the settings saves as
// PUT only (decision 0250). An integration written against the spec calls them as the spec writes
// them, so each is served there too: the same handler, permission and schemas, registered by the
// registrar beside the endpoint it names (decision 0380).

/** A call served under the spec's method and path as well as its own: everything but the id, method and path is the original's. */
export type SpecPathOf<E extends Endpoint, Id extends string> = Omit<E, 'id' | 'method' | 'path' | 'summary'> & {
  id: Id;
  method: HttpMethod;
  path: string;
  summary: string;
  sameAs: E['id'];
};

function specPath<const E extends Endpoint, const Id extends string>(endpoint: E, id: Id, method: HttpMethod, path: string): SpecPathOf<E, Id> {
  return {
    ...endpoint,
    id,
    method,
    path,
    summary: `The spec's ${method} ${path.slice(MERCHANT_API.length)}: the same call as ${endpoint.method} ${endpoint.path.slice(MERCHANT_API.length)}. ${endpoint.summary}`,
    sameAs: endpoint.id,
  };
}

const { searchDetailedMerchants } = merchantEndpoints;
const { getPropertyOverview, createProperty, searchProperties } = propertyEndpoints;
const { saveMerchantSmtp, searchMerchantSmtp } = smtpSettingsEndpoints;
const { saveMerchantLocationSettings, savePayoutEmailConfig } = settingsEndpoints;

export const specPathEndpoints = endpointTable([
  specPath(searchDetailedMerchants, 'listMerchants', 'GET', `${MERCHANT_API}/merchants`),
  specPath(getPropertyOverview, 'getMerchant', 'GET', `${MERCHANT_API}/merchants/{id}`),
  specPath(createProperty, 'createMerchant', 'POST', `${MERCHANT_API}/merchants`),
  specPath(searchProperties, 'searchMerchants', 'POST', `${MERCHANT_API}/merchants/search`),
  specPath(saveMerchantSmtp, 'createMerchantSmtp', 'POST', `${MERCHANT_API}/merchant-smtp`),
  specPath(saveMerchantSmtp, 'createMerchantEmailConfig', 'POST', `${MERCHANT_API}/merchant-email-configs`),
  specPath(saveMerchantSmtp, 'saveMerchantEmailConfig', 'PUT', `${MERCHANT_API}/merchant-email-configs`),
  specPath(searchMerchantSmtp, 'searchMerchantEmailConfigs', 'POST', `${MERCHANT_API}/merchant-email-configs/search`),
  specPath(saveMerchantLocationSettings, 'createMerchantLocationSettings', 'POST', `${MERCHANT_API}/merchant-location-settings`),
  specPath(savePayoutEmailConfig, 'createPayoutEmailConfig', 'POST', `${MERCHANT_API}/payout-email-config`),
]);

const BY_ORIGINAL = new Map<string, Endpoint[]>();
for (const endpoint of Object.values(specPathEndpoints) as Array<Endpoint & { sameAs: string }>)
  BY_ORIGINAL.set(endpoint.sameAs, [...(BY_ORIGINAL.get(endpoint.sameAs) ?? []), endpoint]);

/** The spec's other names for an endpoint, served by the same handler. */
export function specPathsOf(endpoint: Endpoint): readonly Endpoint[] {
  return BY_ORIGINAL.get(endpoint.id) ?? [];
}
