import { z } from 'zod';
import { whenMissing } from './zod-messages';
import { StaffLinkStateSchema } from './link-state';
import { defineEndpoint, endpointTable } from './endpoint';
import { ChargeCategorySchema, OrderStatusSchema, PaymentTypeSchema } from './transactions';
import { BACKOFFICE_API } from './product';
import { safeText } from './text';
import { CARD_NETWORKS } from './card-checks';
import { MoneyCurrencySchema } from './currency';

// Spec 2 "/generate-payment-link", "/payment-link-preview"; spec 3 payment link data, payment
// types, charge categories, deposit basis, secure-view modes, fonts; spec 9 the expiry sentinel.
// The guest's payment page is ours (issue 15); its calls are public and live under PAY_API.
// Decision 0220.

export const PAY_API = '/pay/api/v1';

/** Spec 9: no link outlives 31 Dec 2029 (the last instant of that day, UTC). */
export const LINK_EXPIRY_SENTINEL = new Date('2029-12-31T23:59:59.999Z');
export const DEFAULT_LINK_EXPIRY_HOURS = 72;

export const DEPOSIT_BASES = ['None', 'TotalAmount', 'DepositAmount'] as const;
export const DepositBasisSchema = z.enum(DEPOSIT_BASES);
export const SECURE_VIEW_MODES = ['Desktop', 'Mobile'] as const;
export const CHECKOUT_FONTS = ['Helvetica', 'Arial', 'Tahoma', 'Times New Roman', 'Georgia'] as const;
export const CheckoutFontSchema = z.enum(CHECKOUT_FONTS);

/** The most hours a link created at `now` may run before the sentinel. */
export function maxExpiryHours(now: Date = new Date()): number {
  return Math.max(0, Math.floor((LINK_EXPIRY_SENTINEL.getTime() - now.getTime()) / 3_600_000));
}

const currency = MoneyCurrencySchema;

/** One schema for the form and the server. Whether `currency` is among the property's is checked on the server (it knows them). */
export const GeneratePaymentLinkBodySchema = z.object({
  guestName: safeText().trim().min(1, { message: 'enter the guest name' }).max(200),
  guestEmail: z.email({ message: 'enter a valid e-mail address' }).max(320),
  amountMinor: z
    .number({ error: whenMissing('enter an amount') })
    .int({ message: 'enter the amount in minor units (whole cents)' })
    .positive({ message: 'enter an amount above zero' })
    .max(99_999_999_99, { message: 'the amount is too large for one payment link' }),
  currency,
  paymentType: PaymentTypeSchema,
  chargeCategory: ChargeCategorySchema,
  bookingReference: safeText().trim().min(1, { message: 'enter the booking reference' }).max(100),
  depositBasis: DepositBasisSchema.default('None'),
  expiryHours: z
    .number({ message: 'enter the hours the link stays valid' })
    .int()
    .min(1, { message: 'a link stays valid at least 1 hour' })
    .refine((hours) => hours <= maxExpiryHours(), { message: 'the link would outlive 31 Dec 2029' }),
  message: safeText().trim().max(1000).optional(),
});
export type GeneratePaymentLinkBody = z.input<typeof GeneratePaymentLinkBodySchema>;

export const LINK_STATES = ['Payable', 'Completed', 'Expired', 'Cancelled'] as const;
export const LinkStateSchema = z.enum(LINK_STATES);
export type LinkState = z.infer<typeof LinkStateSchema>;

export const PaymentLinkSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  orderId: z.number().int(),
  orderStatus: OrderStatusSchema,
  state: LinkStateSchema,
  merchantId: z.uuid(),
  propertyName: z.string(),
  guestName: z.string(),
  guestEmail: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  paymentType: PaymentTypeSchema,
  chargeCategory: ChargeCategorySchema,
  bookingReference: z.string(),
  depositBasis: DepositBasisSchema,
  message: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /**
   * The link's own state as staff see it (decision 0464): `Open` takes a card, `Paid` was completed (card
   * taken, saved or held), `Expired`, `Cancelled`, or `Locked` after too many refused cards.
   */
  staffState: StaffLinkStateSchema.optional(),
  /** Cards refused on this link so far (decision 0422): the order's failed payments. */
  failedAttempts: z.number().int().optional(),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;
export { type StaffLinkState } from './link-state';

export const PaymentLinkIdParamsSchema = z.object({ id: z.uuid({ message: 'not a payment link id' }) });

/** How the guest page looks for a property: its brand-assets settings, or these defaults. */
export const CheckoutBrandingSchema = z.object({
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  font: CheckoutFontSchema,
});
export type CheckoutBranding = z.infer<typeof CheckoutBrandingSchema>;
export const DEFAULT_BRANDING: CheckoutBranding = {
  logoUrl: null,
  primaryColor: '#0f766e',
  backgroundColor: '#f8fafc',
  textColor: '#0f172a',
  font: 'Helvetica',
};

/**
 * How the property's guest page takes a card, from its processing settings (decision 0698): the card networks it
 * takes (another network's card is refused before the acquirer is asked) and whether it asks for the holder's name.
 */
export const CardRulesSchema = z.object({
  acceptedCards: z.array(z.enum(CARD_NETWORKS)),
  cardholderNameRequired: z.boolean(),
});
export type CardRules = z.infer<typeof CardRulesSchema>;

/** What the generate and preview screens need about the active property. */
export const PaymentLinkSetupSchema = z.object({
  merchantId: z.uuid(),
  propertyName: z.string(),
  currencies: z.array(z.string()).min(1),
  /** What the property's payment settings let a link ask for (issue 32): the server refuses the others. */
  paymentTypes: z.array(PaymentTypeSchema).min(1),
  chargeCategories: z.array(ChargeCategorySchema).min(1),
  defaultExpiryHours: z.number().int(),
  maxExpiryHours: z.number().int(),
  branding: CheckoutBrandingSchema,
  /** The guest page's card form as the property's processing settings shape it, for the preview. */
  cards: CardRulesSchema,
});
export type PaymentLinkSetup = z.infer<typeof PaymentLinkSetupSchema>;

/** What the guest sees: nothing about other orders, no ids beyond the link's own token. */
export const GUEST_PAYMENT_HOLDS = ['PropertyNotActive', 'TooManyRefusedCards'] as const;

/**
 * What became of a link, in the guest's terms (decision 0420): `Open` takes a card; a completed link was `Paid`
 * (pay now), had its card saved (`CardSaved`, pay later) or its amount held (`AmountHeld`, authorize); `Locked`
 * took too many refused cards; `NotTakingPayments` belongs to a property that is not Active. The page shows one
 * screen per outcome, and shows it the same after a reload because the server says it.
 */
export const GUEST_LINK_OUTCOMES = ['Open', 'Paid', 'CardSaved', 'AmountHeld', 'Expired', 'Cancelled', 'Locked', 'NotTakingPayments'] as const;
export const GuestLinkOutcomeSchema = z.enum(GUEST_LINK_OUTCOMES);
export type GuestLinkOutcome = z.infer<typeof GuestLinkOutcomeSchema>;

export const GuestCheckoutSchema = z.object({
  state: LinkStateSchema,
  propertyName: z.string(),
  guestName: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** What the guest's card goes through: AU for a pay-now link whose property only authorizes (decision 0698). */
  paymentType: PaymentTypeSchema,
  chargeCategory: ChargeCategorySchema,
  bookingReference: z.string(),
  message: z.string().nullable(),
  expiresAt: z.string(),
  branding: CheckoutBrandingSchema,
  /** Once completed: the card it was completed with. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /**
   * Why a payable link takes no card now, or null when it does (decision 0349): its property is not (or no longer)
   * Active, or too many cards were refused on it. The page says so instead of offering a form that would be refused.
   */
  paymentHeld: z.enum(GUEST_PAYMENT_HOLDS).nullable(),
  /** What became of the link, one word for the page to show (decision 0420). */
  outcome: GuestLinkOutcomeSchema,
  /** The card form as the property's processing settings shape it (decision 0698). */
  cards: CardRulesSchema,
});
export type GuestCheckout = z.infer<typeof GuestCheckoutSchema>;

/** Any text: a token that is not a link is a 404 like every other miss, never a hint about the format. */
export const TokenParamsSchema = z.object({ token: z.string().max(200) });

/** The demo card form. The number and CVC go to the acquirer and nowhere else (never stored, never logged). */
export const GuestCardSchema = z.object({
  /** May be empty where the property does not ask for it (`cardholderNameRequired`); the pay call then refuses none. */
  cardholderName: safeText().trim().max(100),
  cardNumber: z
    .string()
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'enter the card number' })),
  expiryMonth: z
    .number({ error: whenMissing('enter the month') })
    .int({ message: 'enter the month' })
    .min(1, { message: 'enter the month' })
    .max(12, { message: 'enter the month' }),
  expiryYear: z
    .number({ error: whenMissing('enter the year') })
    .int({ message: 'enter the year' })
    .min(2000, { message: 'enter the year' })
    .max(2100, { message: 'enter the year' }),
  cvc: z.string().regex(/^\d{3,4}$/, { message: 'enter the 3 or 4 digit code' }),
});
export type GuestCard = z.input<typeof GuestCardSchema>;

export const PAY_OUTCOMES = ['Paid', 'Tokenized', 'Authorized', 'Declined', 'AuthenticationFailed'] as const;
export const GuestPaymentAnswerSchema = z.object({
  outcome: z.enum(PAY_OUTCOMES),
  /** The acquirer's words for a refusal. */
  message: z.string().nullable(),
  checkout: GuestCheckoutSchema,
});
export type GuestPaymentAnswer = z.infer<typeof GuestPaymentAnswerSchema>;

const sells = { resource: 'Transactions', action: 'Insert' } as const;
const update = { resource: 'Transactions', action: 'Update' } as const;

export const paymentLinkEndpoints = endpointTable([
  defineEndpoint({
    id: 'getPaymentLinkSetup',
    method: 'GET',
    path: `${BACKOFFICE_API}/payment-links/setup`,
    summary: "The active property's currencies, default link expiry and branding (merchant header required)",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: 'required',
    response: PaymentLinkSetupSchema,
  }),
  defineEndpoint({
    id: 'createPaymentLink',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment-links`,
    summary:
      'Create a payment link for the property in the merchant header: the order (PaymentLinkSentNoProcessing) and the e-mail to the guest. Send an Idempotency-Key per user intent',
    access: sells,
    merchantHeader: 'required',
    idempotent: true,
    body: GeneratePaymentLinkBodySchema,
    response: PaymentLinkSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'getPaymentLink',
    method: 'GET',
    path: `${BACKOFFICE_API}/payment-links/{id}`,
    summary: "One payment link with its own state (open, paid, expired, cancelled, locked); 404 outside the caller's merchants",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    params: PaymentLinkIdParamsSchema,
    response: PaymentLinkSchema,
  }),
  defineEndpoint({
    id: 'cancelPaymentLink',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment-links/{id}/cancel`,
    summary:
      'Cancel an open payment link: the guest page stops taking cards and its order is Cancelled; 409 once paid. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    params: PaymentLinkIdParamsSchema,
    response: PaymentLinkSchema,
  }),
  defineEndpoint({
    id: 'resendPaymentLink',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment-links/{id}/resend`,
    summary:
      'E-mail an open payment link to the guest again (the same link and expiry); 409 once paid, expired, cancelled or locked. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    params: PaymentLinkIdParamsSchema,
    response: PaymentLinkSchema,
  }),
  defineEndpoint({
    id: 'getGuestCheckout',
    method: 'GET',
    path: `${PAY_API}/links/{token}`,
    summary: 'The guest payment page of a link: amount, property, branding; 404 for any token that is not a link',
    access: 'public',
    params: TokenParamsSchema,
    response: GuestCheckoutSchema,
  }),
  defineEndpoint({
    id: 'payGuestCheckout',
    method: 'POST',
    path: `${PAY_API}/links/{token}/pay`,
    summary: 'The guest pays (PN), saves the card (PL) or authorizes (AU) once; 409 once completed, expired or cancelled. The card goes to the acquirer only',
    access: 'public',
    params: TokenParamsSchema,
    body: GuestCardSchema,
    response: GuestPaymentAnswerSchema,
  }),
]);
