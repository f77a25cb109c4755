import { queryOptions } from '@tanstack/react-query';
import { paymentLinkEndpoints } from '../../../contract/payment-links';
import { call } from '../../lib/api-client';

// The payment-links feature's reads: the active property's currencies, default expiry and branding.

export const paymentLinkKeys = {
  setup: (merchantId: string) => ['payment-links', 'setup', merchantId] as const,
  link: (id: string) => ['payment-links', 'link', id] as const,
};

/** One created link by its id (decision 0464): its address, QR code and own state survive a reload. */
export const paymentLinkQuery = (id: string) =>
  queryOptions({
    queryKey: paymentLinkKeys.link(id),
    queryFn: ({ signal }) => call(paymentLinkEndpoints.getPaymentLink, { params: { id }, signal }),
  });

export const paymentLinkSetupQuery = (merchantId: string) =>
  queryOptions({
    queryKey: paymentLinkKeys.setup(merchantId),
    queryFn: ({ signal }) => call(paymentLinkEndpoints.getPaymentLinkSetup, { merchantId, signal }),
  });
