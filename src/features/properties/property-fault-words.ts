import { CreatePropertyBodySchema } from '../../../contract/property-lifecycle';
import type { FaultWords } from '../../components/form/problem-errors';
import { schemaFaultWords } from '../../components/form/schema-fault-words';

type Translate = (key: string, words?: Record<string, unknown>) => string;

// The new property form's words for what the contract's schema refuses before anything is sent ("not a known time
// zone" becomes a sentence of the catalogue). Kept apart from the form so every fault is checked without a browser
// (property-fault-words.test.ts).

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
  return schemaFaultWords(t, { shape: CreatePropertyBodySchema.shape, keys: FAULT_KEYS });
}
