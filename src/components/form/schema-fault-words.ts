import { UNSAFE_TEXT_MESSAGE } from '../../../contract/text';
import type { FaultWords } from './problem-errors';
import { textLimitsOf } from './text-limits';

type Translate = (key: string, words?: Record<string, unknown>) => string;

// A form's words for what its contract schema refuses before anything is sent. The contract's own messages are the
// server's answer to an integration, in lower case ("enter an amount above zero"); a form says them as sentences of
// the catalogue instead. A refusal of the server is shown as the server wrote it.

export interface SchemaFaultWordsOptions {
  /** The schema's object shape: its text fields' limits are read from it ("Use at most 200 characters."). */
  shape: Readonly<Record<string, unknown>>;
  /** A catalogue key per field and schema issue code (`amountMinor:too_small`), or per field for any code (`currency:*`). */
  keys: Readonly<Record<string, string>>;
  /** The key for a fault the table does not name ("Check this field." unless the form says more). */
  otherwise?: string;
  /** Values the keys' sentences name (`{{max}}`). */
  words?: Record<string, unknown>;
}

export function schemaFaultWords(t: Translate, options: SchemaFaultWordsOptions): FaultWords {
  const limits = textLimitsOf(options.shape);
  return ({ path, type, message }) => {
    if (type === 'server') return message;
    if (message === UNSAFE_TEXT_MESSAGE) return t('forms.text.unsafe');
    if (type === 'too_big' && path in limits) return t('forms.text.tooLong', { count: limits[path] });
    return t(options.keys[`${path}:${type}`] ?? options.keys[`${path}:*`] ?? options.otherwise ?? 'forms.text.invalid', options.words);
  };
}
