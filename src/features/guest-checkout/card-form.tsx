import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CARD_NETWORKS, cardExpired, cardNetworkOf, passesLuhn } from '../../../contract/card-checks';
import { GuestCardSchema, type CardRules, type CheckoutBranding, type GuestCard } from '../../../contract/payment-links';
import { z } from 'zod';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import type { FaultWords } from '../../components/form/problem-errors';
import { useForm } from '../../components/form/use-form';

// The demo acquirer's card form (issue 15), on the form kit. The values live in the form only until
// they are sent; the page never puts them in the address, storage or logs.

export interface CardFormProps {
  branding: CheckoutBranding;
  /** The networks the property takes and whether it asks for the holder's name (its processing settings). */
  cards: CardRules;
  submitLabel: string;
  /** Absent in a preview: the form is shown, nothing can be sent. */
  onPay?: (card: GuestCard) => void;
  pending?: boolean;
}

const EMPTY = { cardholderName: '', cardNumber: '', expiryMonth: '', expiryYear: '', cvc: '' };

const CARD = GuestCardSchema.shape;
/** The page's own checks beyond the contract (decision 0351), each the key of its words (guestCheckout.card.error.*). */
const MISTYPED = 'numberMistyped';
const EXPIRED = 'expired';
const NOT_TAKEN = 'notTaken';
const NAME_MISSING = 'cardholderName';

/** Every network, when a caller does not say: the contract's own checks only. */
const ANY_CARD: CardRules = { acceptedCards: [...CARD_NETWORKS], cardholderNameRequired: true };

/** A typed year: a two-digit one is of this century. */
const yearOf = (typed: string) => Number(typed.length === 2 ? `20${typed}` : typed);

/**
 * The form's schema: the contract's rules for each field, read from what was typed, then the checks
 * the card's own digits and date can answer (decision 0351). A mistyped digit or a past expiry would
 * otherwise go to the acquirer, come back declined and use up one of the link's card attempts. Each
 * field is checked whatever the others hold, so every fault shows at the first press (issue 34); a
 * good card comes out as the contract's `GuestCard`.
 */
export function cardFormSchema(now: () => Date = () => new Date(), cards: CardRules = ANY_CARD) {
  // A card of a network the property does not take would be refused by the server before the acquirer is asked.
  const taken = (digits: string) => {
    const network = cardNetworkOf(digits);
    return network !== null && cards.acceptedCards.includes(network);
  };
  const expiryTaken = (card: { expiryMonth: unknown; expiryYear: unknown }) =>
    CARD.expiryMonth.safeParse(card.expiryMonth).success && CARD.expiryYear.safeParse(card.expiryYear).success;
  return z
    .object({
      cardholderName: CARD.cardholderName.refine((name) => !cards.cardholderNameRequired || name !== '', { message: NAME_MISSING }),
      // A mistyped number is said as mistyped, not also as a card not taken.
      cardNumber: CARD.cardNumber.refine(passesLuhn, { message: MISTYPED }).refine((digits) => !passesLuhn(digits) || taken(digits), { message: NOT_TAKEN }),
      expiryMonth: z.string().transform(Number).pipe(CARD.expiryMonth),
      expiryYear: z.string().transform(yearOf).pipe(CARD.expiryYear),
      cvc: CARD.cvc,
    })
    .refine((card) => !cardExpired(card.expiryMonth, card.expiryYear, now()), {
      path: ['expiryYear'],
      message: EXPIRED,
      when: ({ value }) => expiryTaken(value as { expiryMonth: unknown; expiryYear: unknown }),
    });
}

/** What the guest must correct, in the page's words (guestCheckout.card.error.*): the field's own words unless a fault has its own. */
export function cardWords(say: (key: string) => string): FaultWords {
  return ({ path, type, message }) => {
    if (type === 'custom' && (message === MISTYPED || message === EXPIRED || message === NOT_TAKEN || message === NAME_MISSING)) return say(message);
    if (path === 'cardholderName' && type === 'too_big') return say('nameTooLong');
    if (path === 'cardholderName' && type === 'custom') return say('nameCharacters');
    return say(path);
  };
}

export function CardForm({ branding, cards, submitLabel, onPay, pending = false }: CardFormProps) {
  const { t } = useTranslation();
  const preview = !onPay;
  const accepted = cards.acceptedCards.map((network) => t(`guestCheckout.card.networks.${network}`)).join(', ');
  const form = useForm({
    schema: cardFormSchema(undefined, cards),
    defaultValues: EMPTY,
    words: cardWords((key) => t(`guestCheckout.card.error.${key}`, { year: new Date().getUTCFullYear() + 3, accepted })),
  });
  const text = (name: keyof typeof EMPTY, label: string, props: { autoComplete: string; inputMode?: 'numeric'; maxLength?: number }, required = true) => (
    <Field name={name} label={label} required={required}>
      {(control) => <input {...control} {...props} {...form.register(name)} disabled={preview} className={inputClass} />}
    </Field>
  );

  return (
    <FormProvider {...form}>
      <form
        aria-label={t('guestCheckout.card.legend')}
        onSubmit={form.submit((card) => {
          if (onPay && !pending) onPay(card);
        })}
        className="@container flex flex-col gap-3"
        noValidate
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-semibold">{t('guestCheckout.card.legend')}</legend>
          <p className="text-sm" data-testid="accepted-cards">
            {t('guestCheckout.card.accepted', { accepted })}
          </p>
          {text(
            'cardholderName',
            cards.cardholderNameRequired ? t('guestCheckout.card.holder') : t('guestCheckout.card.holderOptional'),
            { autoComplete: 'cc-name' },
            cards.cardholderNameRequired,
          )}
          {text('cardNumber', t('guestCheckout.card.number'), { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 })}
          <div className="grid grid-cols-2 gap-2 @sm:grid-cols-3">
            {text('expiryMonth', t('guestCheckout.card.expiryMonth'), { autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2 })}
            {text('expiryYear', t('guestCheckout.card.expiryYear'), { autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 4 })}
            {text('cvc', t('guestCheckout.card.cvc'), { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
          </div>
        </fieldset>
        <p className="text-xs opacity-80">{preview ? t('guestCheckout.card.previewHint') : t('guestCheckout.card.demoHint')}</p>
        {/* The property's own colour (its checkout branding), so not one of the kit's variants. */}
        <Button
          type="submit"
          disabled={preview}
          pending={pending}
          pendingLabel={t('guestCheckout.card.processing')}
          className="text-white"
          style={{ backgroundColor: branding.primaryColor }}
        >
          {submitLabel}
        </Button>
      </form>
    </FormProvider>
  );
}
