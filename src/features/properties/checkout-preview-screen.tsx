import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { paymentLinkEndpoints, type CheckoutBranding, type GuestCheckout } from '../../../contract/payment-links';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { useActiveProperty } from '../../lib/active-property';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';

type CheckoutContent = Pick<
  GuestCheckout,
  'propertyName' | 'guestName' | 'amountMinor' | 'currency' | 'paymentType' | 'chargeCategory' | 'bookingReference' | 'message' | 'expiresAt'
>;

export interface CheckoutPreviewParts {
  GuestCheckoutView: ComponentType<{ content: CheckoutContent; branding: CheckoutBranding; children?: ReactNode }>;
}

// Spec 3 secure-view modes; the frame widths are a phone's and a laptop's.
const MODES = { Desktop: 1024, Mobile: 375 } as const;
type Mode = keyof typeof MODES;

/**
 * /properties/admin/checkout-preview?merchantId=.. (spec 2): the guest checkout as the property's
 * settings make it look (its branding and first currency), with sample data, as a desktop or a
 * phone shows it; the same view the guest's payment link opens (src/features/guest-checkout, handed in by the
 * route table: decision 0600).
 */
export function CheckoutPreviewScreen({ GuestCheckoutView }: CheckoutPreviewParts) {
  const { t } = useTranslation();
  const { activeProperty, resolving } = useActiveProperty();
  const merchantId = new URLSearchParams(useSearch()).get('merchantId') ?? activeProperty?.merchantId;
  const [mode, setMode] = useState<Mode>('Desktop');
  const setup = useQuery({
    queryKey: ['properties', 'checkout-preview', merchantId],
    queryFn: ({ signal }) => call(paymentLinkEndpoints.getPaymentLinkSetup, { merchantId, signal }),
    enabled: Boolean(merchantId),
  });
  const data = setup.data;
  const sample: CheckoutContent | undefined = data && {
    propertyName: data.propertyName,
    guestName: t('properties.preview.sampleGuest'),
    amountMinor: 24500,
    currency: data.currencies[0]!,
    paymentType: 'PN',
    chargeCategory: 'Rooms',
    bookingReference: 'BK-2026-0042',
    message: t('properties.preview.sampleMessage'),
    expiresAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
  };
  return (
    <PageLayout
      title={t('shell.routes.checkoutPreview')}
      actions={
        <div role="group" aria-label={t('properties.preview.mode')} className="flex gap-1">
          {(Object.keys(MODES) as Mode[]).map((entry) => (
            <button
              key={entry}
              type="button"
              aria-pressed={mode === entry}
              onClick={() => setMode(entry)}
              className={`rounded px-3 py-1.5 text-sm ${mode === entry ? 'bg-slate-900 text-white' : 'border border-slate-300 bg-white'}`}
            >
              {t(`properties.preview.${entry}`)}
            </button>
          ))}
        </div>
      }
    >
      {!merchantId ? <p role="status">{resolving ? t('common.loading') : t('properties.preview.noProperty')}</p> : null}
      {setup.isError ? (
        <p role="alert" className="text-red-700">
          {setup.error.message}
        </p>
      ) : null}
      {data && sample ? (
        <SidewaysScroll>
          <div
            data-testid="checkout-frame"
            data-mode={mode}
            className="mx-auto rounded border border-slate-300"
            style={{ width: MODES[mode], maxWidth: 'none' }}
          >
            <GuestCheckoutView content={sample} branding={data.branding}>
              <p className="text-sm opacity-80">{t('properties.preview.cardArea')}</p>
            </GuestCheckoutView>
          </div>
        </SidewaysScroll>
      ) : null}
    </PageLayout>
  );
}
