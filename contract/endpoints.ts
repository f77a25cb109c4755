import { authEndpoints, identityEndpoints } from './auth';
import { bookingEndpoints } from './bookings';
import { capabilityEndpoints } from './capabilities';
import { emailEndpoints } from './emails';
import { endpointsOf, type Endpoint } from './endpoint';
import { exportEndpoints } from './exports';
import { liveEndpoints } from './live-events';
import { feeEndpoints } from './fees';
import { merchantConfigEndpoints } from './payment-settings';
import { homeScreenEndpoints } from './home';
import { kycEndpoints } from './kyc/endpoints';
import { merchantGroupEndpoints } from './merchant-groups';
import { metadataEndpoints } from './metadata';
import { merchantEndpoints } from './merchants';
import { orderEmailEndpoints } from './transaction-emails';
import { orderEndpoints } from './transactions';
import { paymentLinkEndpoints } from './payment-links';
import { paymentEndpoints } from './transaction-payments';
import { payoutEndpoints } from './payouts';
import { settlementEndpoints } from './settlement';
import { smtpSettingsEndpoints } from './smtp-settings';
import { propertyEndpoints } from './properties';
import { secretKeyEndpoints } from './secret-keys';
import { brandAssetEndpoints } from './brand-assets';
import { refundEndpoints } from './refunds';
import { settingsEndpoints } from './settings/endpoints';
import { specPathEndpoints } from './spec-paths';
import { merchantWizardEndpoints } from './settings/merchant-wizard';
import { systemEndpoints } from './system';
import { twoStepEndpoints } from './two-step';
import { userAdminEndpoints } from './user-admin';
import { userEndpoints } from './users';
import { webhookEndpoints } from './webhooks';

/** Every endpoint the server serves: the source of the OpenAPI document in docs/api/. */
export const endpoints: readonly Endpoint[] = endpointsOf(
  systemEndpoints,
  authEndpoints,
  identityEndpoints,
  propertyEndpoints,
  secretKeyEndpoints,
  brandAssetEndpoints,
  orderEndpoints,
  paymentEndpoints,
  orderEmailEndpoints,
  metadataEndpoints,
  bookingEndpoints,
  payoutEndpoints,
  settlementEndpoints,
  refundEndpoints,
  paymentLinkEndpoints,
  homeScreenEndpoints,
  exportEndpoints,
  userEndpoints,
  userAdminEndpoints,
  twoStepEndpoints,
  merchantGroupEndpoints,
  merchantEndpoints,
  feeEndpoints,
  merchantConfigEndpoints,
  kycEndpoints,
  settingsEndpoints,
  merchantWizardEndpoints,
  emailEndpoints,
  smtpSettingsEndpoints,
  webhookEndpoints,
  specPathEndpoints,
  capabilityEndpoints,
  liveEndpoints,
);
