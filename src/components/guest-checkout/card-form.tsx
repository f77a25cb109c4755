import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardExpired, passesLuhn } from '../../../contract/card-checks';
import { GuestCardSchema, type CheckoutBranding, type GuestCard } from '../../../contract/payment-links';
import { Field, inputClass } from '../form/field';

// The demo acquirer's card form (issue 15). The values live in this component's state only until
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

export function CardForm({ branding, submitLabel, onPay, pending = false }: CardFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const preview = !onPay;
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onPay || pending) return;
    const card = {
      cardholderName: values.cardholderName,
      cardNumber: values.cardNumber,
      expiryMonth: Number(values.expiryMonth),
      expiryYear: Number(values.expiryYear.length === 2 ? `20${values.expiryYear}` : values.expiryYear),
      cvc: values.cvc,
    };
    const found = cardErrors(card, new Date());
    setErrors(found);
    if (Object.keys(found).length === 0) onPay(card);
  };

  const errorText: Errors = Object.fromEntries(
    Object.entries(errors).map(([name, key]) => [name, t(`guestCheckout.card.error.${key}`, { year: new Date().getUTCFullYear() + 3 })]),
  );
  const text = (name: keyof typeof EMPTY, label: string, props: { autoComplete: string; inputMode?: 'numeric'; maxLength?: number }) => (
    <Field label={label} error={errorText[name]} required>
      {(control) => <input {...control} {...props} name={name} value={values[name]} onChange={set(name)} disabled={preview} className={inputClass} />}
    </Field>
  );

  return (
    <form aria-label={t('guestCheckout.card.legend')} onSubmit={submit} className="@container flex flex-col gap-3" noValidate>
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
      <button
        type="submit"
        disabled={preview || pending}
        aria-busy={pending || undefined}
        className="rounded px-4 py-2 font-semibold text-white disabled:opacity-60"
        style={{ backgroundColor: branding.primaryColor }}
      >
        {pending ? t('guestCheckout.card.processing') : submitLabel}
      </button>
    </form>
  );
}
