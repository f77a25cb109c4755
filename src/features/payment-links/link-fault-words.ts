import { GeneratePaymentLinkBodySchema } from '../../../contract/payment-links';
import type { FaultWords } from '../../components/form/problem-errors';
import { schemaFaultWords } from '../../components/form/schema-fault-words';

type Translate = (key: string, words?: Record<string, unknown>) => string;

// The payment link form's words for what the contract's schema refuses (every user-visible string through the
// catalogue). Kept apart from the screen so every fault is checked without a browser (link-fault-words.test.ts).

/** Each field's fault, by the schema's issue code, as a key of the catalogue. */
const FAULT_KEYS: Readonly<Record<string, string>> = {
  'guestName:too_small': 'paymentLinks.form.faults.guestNameMissing',
  'guestEmail:invalid_format': 'paymentLinks.form.faults.guestEmailInvalid',
  'amountMinor:invalid_type': 'forms.amount.missing',
  'amountMinor:too_small': 'forms.amount.notAboveZero',
  'amountMinor:too_big': 'paymentLinks.form.faults.amountTooLarge',
  'bookingReference:too_small': 'paymentLinks.form.faults.bookingReferenceMissing',
  'expiryHours:invalid_type': 'paymentLinks.form.faults.expiryMissing',
  'expiryHours:too_small': 'paymentLinks.form.faults.expiryTooShort',
  'expiryHours:custom': 'paymentLinks.form.faults.expiryTooLong',
};

/** `maxExpiryHours` is the setup's, the most hours a link may run. */
export function linkFaultWords(t: Translate, maxExpiryHours: number): FaultWords {
  return schemaFaultWords(t, {
    shape: GeneratePaymentLinkBodySchema.shape,
    keys: FAULT_KEYS,
    words: { max: maxExpiryHours },
  });
}
