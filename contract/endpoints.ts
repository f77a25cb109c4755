import { authEndpoints, identityEndpoints } from './auth';
import { emailEndpoints } from './emails';
import { endpointsOf, type Endpoint } from './endpoint';
import { exportEndpoints } from './exports';
import { kycEndpoints } from './kyc/endpoints';
import { merchantGroupEndpoints } from './merchant-groups';
import { orderEmailEndpoints } from './order-emails';
import { orderEndpoints } from './orders';
import { paymentLinkEndpoints } from './payment-links';
import { paymentEndpoints } from './payments';
import { payoutEndpoints } from './payouts';
import { propertyEndpoints } from './properties';
import { systemEndpoints } from './system';
import { userEndpoints } from './users';

/** Every endpoint the server serves: the source of the OpenAPI document in docs/api/. */
export const endpoints: readonly Endpoint[] = endpointsOf(
  systemEndpoints,
  authEndpoints,
  identityEndpoints,
  propertyEndpoints,
  orderEndpoints,
  paymentEndpoints,
  orderEmailEndpoints,
  payoutEndpoints,
  paymentLinkEndpoints,
  exportEndpoints,
  userEndpoints,
  merchantGroupEndpoints,
  kycEndpoints,
  emailEndpoints,
);
