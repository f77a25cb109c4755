import { authEndpoints, identityEndpoints } from './auth';
import type { Endpoint } from './endpoint';
import { ordersPayoutsExportsEndpoints } from './exports';
import { propertyEndpoints } from './properties';
import { systemEndpoints } from './system';
import { kycEndpoints } from './kyc';
import { merchantGroupEndpoints } from './merchant-groups';
import { userEndpoints } from './users';

/** Every endpoint the server serves: the source of the OpenAPI document in docs/api/. */
export const endpoints: readonly Endpoint[] = [...systemEndpoints, ...authEndpoints, ...identityEndpoints, ...propertyEndpoints, ...ordersPayoutsExportsEndpoints, ...userEndpoints, ...merchantGroupEndpoints, ...kycEndpoints];
