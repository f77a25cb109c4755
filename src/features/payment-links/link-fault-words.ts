import type { FaultWords } from '../../components/form/problem-errors';
import { UNSAFE_TEXT_MESSAGE } from '../../../contract/text';

type Translate = (key: string, words?: Record<string, unknown>) => string;

// The payment link form's words for what the contract's schema refuses (issue 32: every user-visible string through
// the catalogue). The schema's own messages are the server's answer to an integration, in lower case without a
// full stop; the form says them as sentences. Kept apart from the screen so every fault is checked without a browser
// (link-fault-words.test.ts).

/** The most characters each text field takes (the contract's limits). */
export const LINK_TEXT_LIMITS: Readonly<Record<string, number>> = { guestName: 200, guestEmail: 320, bookingReference: 100, message: 1000 };

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

/**
 * What the form says at a field the schema refused; a refusal of the server (the property does not take that
 * currency, say) is shown as the server wrote it. `maxExpiryHours` is the setup's, the most hours a link may run.
 */
export function linkFaultWords(t: Translate, maxExpiryHours: number): FaultWords {
  return ({ path, type, message }) => {
    if (type === 'server') return message;
    if (message === UNSAFE_TEXT_MESSAGE) return t('paymentLinks.form.faults.unsafeText');
    if (type === 'too_big' && path in LINK_TEXT_LIMITS) return t('paymentLinks.form.faults.tooLong', { count: LINK_TEXT_LIMITS[path] });
    const key = FAULT_KEYS[`${path}:${type}`];
    return key ? t(key, { max: maxExpiryHours }) : t('paymentLinks.form.faults.invalid');
  };
}
