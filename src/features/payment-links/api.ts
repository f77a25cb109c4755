import { queryOptions } from '@tanstack/react-query';
import { paymentLinkEndpoints } from '../../../contract/payment-links';
import { call } from '../../lib/api-client';

// The payment-links feature's reads: the active property's currencies, default expiry and branding.

export const paymentLinkKeys = { setup: (merchantId: string) => ['payment-links', 'setup', merchantId] as const };

export const paymentLinkSetupQuery = (merchantId: string) =>
  queryOptions({
    queryKey: paymentLinkKeys.setup(merchantId),
    queryFn: ({ signal }) => call(paymentLinkEndpoints.getPaymentLinkSetup, { merchantId, signal }),
  });
