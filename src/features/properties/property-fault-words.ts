import type { FaultWords } from '../../components/form/problem-errors';
import { UNSAFE_TEXT_MESSAGE } from '../../../contract/text';

type Translate = (key: string, words?: Record<string, unknown>) => string;

// The new property form's words for what the contract's schema refuses before anything is sent: the contract's own
// messages are the server's answer to an integration, in lower case; the form says them as sentences from the
// catalogue. A refusal of the server is shown as the server wrote it. Kept apart from the form so every fault is
// checked without a browser (property-fault-words.test.ts).

/** The most characters each text field takes (the contract's limits). */
const TEXT_LIMITS: Readonly<Record<string, number>> = { name: 200, timezone: 64 };

/** Each field's fault by the schema's issue code; `*` stands for any code. */
const FAULT_KEYS: Readonly<Record<string, string>> = {
  'name:invalid_type': 'properties.create.faults.nameMissing',
  'name:too_small': 'properties.create.faults.nameMissing',
  'currency:*': 'properties.create.faults.currency',
  'timezone:too_small': 'properties.create.faults.timezoneMissing',
  'timezone:*': 'properties.create.faults.timezoneUnknown',
  'checkinTime:*': 'properties.create.faults.timeOfDay',
  'checkoutTime:*': 'properties.create.faults.timeOfDay',
  'merchantGroupId:*': 'properties.create.faults.merchantGroupId',
};

export function propertyFaultWords(t: Translate): FaultWords {
  return ({ path, type, message }) => {
    if (type === 'server') return message;
    if (message === UNSAFE_TEXT_MESSAGE) return t('properties.create.faults.unsafeText');
    if (type === 'too_big' && path in TEXT_LIMITS) return t('properties.create.faults.tooLong', { count: TEXT_LIMITS[path] });
    const key = FAULT_KEYS[`${path}:${type}`] ?? FAULT_KEYS[`${path}:*`];
    return key ? t(key) : t('properties.create.faults.invalid');
  };
}
