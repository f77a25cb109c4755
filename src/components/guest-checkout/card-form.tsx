import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
type Errors = Partial<Record<keyof typeof EMPTY, string>>;

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
    const checked = GuestCardSchema.safeParse(card);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onPay(card);
  };

  const text = (name: keyof typeof EMPTY, label: string, props: { autoComplete: string; inputMode?: 'numeric'; maxLength?: number }) => (
    <Field label={label} error={errors[name]} required>
      {(control) => <input {...control} {...props} name={name} value={values[name]} onChange={set(name)} disabled={preview} className={inputClass} />}
    </Field>
  );

  return (
    <form aria-label={t('guestCheckout.card.legend')} onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{t('guestCheckout.card.legend')}</legend>
        {text('cardholderName', t('guestCheckout.card.holder'), { autoComplete: 'cc-name' })}
        {text('cardNumber', t('guestCheckout.card.number'), { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 })}
        <div className="grid grid-cols-3 gap-2">
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
