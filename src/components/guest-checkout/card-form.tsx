import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardExpired, passesLuhn } from '../../../contract/card-checks';
import { GuestCardSchema, type CheckoutBranding, type GuestCard } from '../../../contract/payment-links';
import { z } from 'zod';
import { Button } from '../form/button';
import { Field, inputClass } from '../form/field';
import { useForm } from '../form/use-form';

// The demo acquirer's card form (issue 15), on the form kit. The values live in the form only until
// they are sent; the page never puts them in the address, storage or logs.

export interface CardFormProps {
  branding: CheckoutBranding;
  submitLabel: string;
  /** Absent in a preview: the form is shown, nothing can be sent. */
  onPay?: (card: GuestCard) => void;
  pending?: boolean;
}

const EMPTY = { cardholderName: '', cardNumber: '', expiryMonth: '', expiryYear: '', cvc: '' };
/** Each faulty field and the key of the words that say what to do (guestCheckout.card.error.*). */
type Errors = Partial<Record<keyof typeof EMPTY, string>>;

/**
 * What the guest must correct before the card is sent (decision 0351): the contract's rules, then
 * the checks the card's own digits and date can answer. A mistyped digit or a past expiry would
 * otherwise go to the acquirer, come back declined and use up one of the link's card attempts.
 */
export function cardErrors(card: GuestCard, now: Date): Errors {
  const found: Errors = {};
  const checked = GuestCardSchema.safeParse(card);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const name = issue.path[0] as keyof Errors;
      found[name] ??=
        name === 'cardholderName' && issue.code === 'too_big' ? 'nameTooLong' : name === 'cardholderName' && issue.code === 'custom' ? 'nameCharacters' : name;
    }
  }
  // Every fault at the first press (issue 34): a field the contract accepts is checked further even
  // when another field is wrong, so the guest is not told about the check digit one press later.
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!found.cardNumber && !passesLuhn(digits)) found.cardNumber = 'numberMistyped';
  if (!found.expiryMonth && !found.expiryYear && cardExpired(card.expiryMonth, card.expiryYear, now)) found.expiryYear = 'expired';
  return found;
}

/** The card the typed values stand for: a two-digit year is of this century. */
function cardOf(values: typeof EMPTY): GuestCard {
  return {
    cardholderName: values.cardholderName,
    cardNumber: values.cardNumber,
    expiryMonth: Number(values.expiryMonth),
    expiryYear: Number(values.expiryYear.length === 2 ? `20${values.expiryYear}` : values.expiryYear),
    cvc: values.cvc,
  };
}

/**
 * The form's schema: every fault `cardErrors` finds, each at its field in the page's words, all at the
 * same press (issue 34); a good card comes out as the contract's `GuestCard`.
 */
export function cardFormSchema(say: (key: string) => string, now: () => Date = () => new Date()) {
  return z
    .object({ cardholderName: z.string(), cardNumber: z.string(), expiryMonth: z.string(), expiryYear: z.string(), cvc: z.string() })
    .superRefine((values, check) => {
      for (const [name, key] of Object.entries(cardErrors(cardOf(values), now()))) check.addIssue({ code: 'custom', path: [name], message: say(key) });
    })
    .transform(cardOf);
}

export function CardForm({ branding, submitLabel, onPay, pending = false }: CardFormProps) {
  const { t } = useTranslation();
  const preview = !onPay;
  const form = useForm({
    schema: cardFormSchema((key) => t(`guestCheckout.card.error.${key}`, { year: new Date().getUTCFullYear() + 3 })),
    defaultValues: EMPTY,
  });
  const text = (name: keyof typeof EMPTY, label: string, props: { autoComplete: string; inputMode?: 'numeric'; maxLength?: number }) => (
    <Field name={name} label={label} required>
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
          {text('cardholderName', t('guestCheckout.card.holder'), { autoComplete: 'cc-name' })}
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
