import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { SECURE_VIEW_MODES, type CardRules, type CheckoutBranding } from '../../../contract/payment-links';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useActiveProperty } from '../../lib/active-property';
import { formatMoney } from '../../lib/format';
import { paymentLinkSetupQuery } from './api';
import { previewContentOf, type PreviewContent } from './preview-address';

type Mode = (typeof SECURE_VIEW_MODES)[number];
/** The widths the guest page is drawn at: a phone, and a laptop window. */
const FRAME_WIDTH: Record<Mode, number> = { Desktop: 1024, Mobile: 390 };

// Spec 2 "/payment-link-preview", spec 3 secure-view modes: the guest's page as it will look, in the
// active property's branding, drawn by the same component as the real page (nothing can be paid here).
export interface PaymentLinkPreviewParts {
  /** The guest's page and its card form, drawn by features/guest-checkout; the route table hands them in (decision 0600). */
  GuestCheckoutView: ComponentType<{ content: PreviewContent & { propertyName: string }; branding: CheckoutBranding; children?: ReactNode }>;
  CardForm: ComponentType<{ branding: CheckoutBranding; cards: CardRules; submitLabel: string }>;
}

export function PaymentLinkPreviewScreen({ GuestCheckoutView, CardForm }: PaymentLinkPreviewParts) {
  const { t } = useTranslation();
  const search = useSearch();
  const { activeProperty, resolving } = useActiveProperty();
  const merchantId = activeProperty?.merchantId;
  const setup = useQuery({ ...paymentLinkSetupQuery(merchantId ?? ''), enabled: Boolean(merchantId) });
  const [mode, setMode] = useState<Mode>('Desktop');
  if (!merchantId)
    return (
      <PageLayout title={t('shell.routes.paymentLinkPreview')}>
        {<p role="status">{resolving ? t('common.loading') : t('paymentLinks.noProperty')}</p>}
      </PageLayout>
    );
  if (!setup.data) return <PageLayout title={t('shell.routes.paymentLinkPreview')} />;
  const content = {
    propertyName: setup.data.propertyName,
    ...previewContentOf(search, {
      guestName: t('paymentLinks.preview.sampleGuest'),
      bookingReference: t('paymentLinks.preview.sampleReference'),
      currency: setup.data.currencies[0]!,
    }),
  };
  return (
    <PageLayout title={t('shell.routes.paymentLinkPreview')} subtitle={t('paymentLinks.preview.intro', { property: setup.data.propertyName })}>
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">{t('paymentLinks.preview.mode')}</legend>
        {SECURE_VIEW_MODES.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="radio" name="secure-view-mode" value={option} checked={mode === option} onChange={() => setMode(option)} />
            {t(`paymentLinks.preview.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className="overflow-auto rounded border border-slate-300 bg-slate-200 p-4">
        <div
          data-testid="checkout-frame"
          data-mode={mode}
          className="mx-auto overflow-hidden rounded bg-white shadow"
          style={{ width: FRAME_WIDTH[mode], maxWidth: '100%' }}
        >
          <GuestCheckoutView content={content} branding={setup.data.branding}>
            <CardForm
              branding={setup.data.branding}
              cards={setup.data.cards}
              submitLabel={t(`guestCheckout.card.submit.${content.paymentType}`, { amount: formatMoney(content.amountMinor, content.currency) })}
            />
          </GuestCheckoutView>
        </div>
      </div>
    </PageLayout>
  );
}
