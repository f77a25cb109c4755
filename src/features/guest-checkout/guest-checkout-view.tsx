import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutBranding, GuestCheckout, GuestLinkOutcome } from '../../../contract/payment-links';
import { formatDateTime, formatMoney } from '../../lib/format';

// What the guest sees of a payment link, in the property's branding (issue 15): used by the public
// payment page, by /payment-link-preview and by the property's checkout preview. It draws; the
// caller decides what goes in the card area (the live form, a disabled one, or a message).

export type CheckoutContent = Pick<
  GuestCheckout,
  'propertyName' | 'guestName' | 'amountMinor' | 'currency' | 'paymentType' | 'chargeCategory' | 'bookingReference' | 'message' | 'expiresAt'
>;

const FONT_STACKS: Record<CheckoutBranding['font'], string> = {
  Helvetica: 'Helvetica, Arial, sans-serif',
  Arial: 'Arial, Helvetica, sans-serif',
  Tahoma: 'Tahoma, Verdana, sans-serif',
  'Times New Roman': '"Times New Roman", Times, serif',
  Georgia: 'Georgia, "Times New Roman", serif',
};

export function fontStackOf(font: CheckoutBranding['font']): string {
  return FONT_STACKS[font];
}

export interface GuestCheckoutViewProps {
  content: CheckoutContent;
  branding: CheckoutBranding;
  /** The card form, a state message, or the outcome. */
  children?: ReactNode;
  /** What became of the link (decision 0420); absent in a preview, which shows an open link. */
  outcome?: GuestLinkOutcome;
}

/** The amount's label once a link is finished: what happened to it, not what was asked. */
const FINISHED_AMOUNT_LABEL: Partial<Record<GuestLinkOutcome, string>> = { Paid: 'amountPaid', AmountHeld: 'amountHeld', CardSaved: 'amountLater' };

export function GuestCheckoutView({ content, branding, children, outcome = 'Open' }: GuestCheckoutViewProps) {
  const { t } = useTranslation();
  const amount = formatMoney(content.amountMinor, content.currency);
  // A link that takes a card says what paying does and until when; a finished one says neither.
  const open = outcome === 'Open';
  const amountLabel = FINISHED_AMOUNT_LABEL[outcome] ?? { PN: 'amountDue', PL: 'amountLater', AU: 'amountToAuthorize' }[content.paymentType];
  return (
    <div
      data-testid="guest-checkout"
      data-font={branding.font}
      className="flex min-h-full flex-1 flex-col items-center px-4 py-8"
      style={{ backgroundColor: branding.backgroundColor, color: branding.textColor, fontFamily: fontStackOf(branding.font) }}
    >
      <article className="flex w-full max-w-xl flex-col gap-5 rounded-lg bg-white p-6 shadow-md" style={{ color: branding.textColor }}>
        <header className="flex items-center gap-3 border-b pb-4" style={{ borderColor: branding.primaryColor }}>
          {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="h-10 w-auto" data-testid="checkout-logo" /> : null}
          <h1 className="text-xl font-semibold">{t('guestCheckout.title', { property: content.propertyName })}</h1>
        </header>
        {content.guestName ? <p>{t('guestCheckout.greeting', { name: content.guestName })}</p> : null}
        <section aria-label={t(`guestCheckout.${amountLabel}`)} className="flex flex-col gap-1">
          <span className="text-sm opacity-80">{t(`guestCheckout.${amountLabel}`)}</span>
          <span className="text-3xl font-bold" data-testid="checkout-amount" style={{ color: branding.primaryColor }}>
            {amount}
          </span>
          <span className="text-sm">
            {t(`guestCheckout.category.${content.chargeCategory}`)} · {t('guestCheckout.forReservation', { reference: content.bookingReference })}
          </span>
          {open ? <span className="text-sm opacity-80">{t(`guestCheckout.explain.${content.paymentType}`)}</span> : null}
        </section>
        {content.message ? <p className="whitespace-pre-line rounded bg-slate-50 p-3 text-sm">{content.message}</p> : null}
        {children}
        <footer className="flex flex-col gap-1 border-t pt-3 text-xs opacity-80">
          {open ? <span>{t('guestCheckout.validUntil', { date: formatDateTime(content.expiresAt) })}</span> : null}
          <span>{t('guestCheckout.secure')}</span>
        </footer>
      </article>
    </div>
  );
}
