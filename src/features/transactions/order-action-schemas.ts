import { z } from 'zod';
import { formatMoney } from '../../lib/format';

// What the transaction info forms check before anything is sent or confirmed, in the words the
// field shows (issue 34: say what to change, never a disabled button without a word). Kept apart
// from the components so the checks are tested without a browser (order-action-schemas.test.ts).

type Translate = (key: string, words?: Record<string, unknown>) => string;

/**
 * An amount of the order's currency (integer minor units; null while empty or not an amount)
 * that must be above zero and at most `most`: the capture, the authorization and the refund.
 */
export function amountSchema(t: Translate, most: number, currency: string, tooMuchKey: string) {
  return z.object({
    amountMinor: z
      .number()
      .nullable()
      .superRefine((amount, check) => {
        if (amount === null) check.addIssue({ code: 'custom', message: t('forms.amount.missing') });
        else if (amount <= 0) check.addIssue({ code: 'custom', message: t('forms.amount.notAboveZero') });
        else if (amount > most) check.addIssue({ code: 'custom', message: t(tooMuchKey, { amount: formatMoney(most, currency) }) });
      }),
  });
}
export type AmountValues = { amountMinor: number | null };

/** The order's reference number: a new one, not empty. */
export function referenceSchema(t: Translate, current: string) {
  return z.object({
    referenceNo: z
      .string()
      .trim()
      .min(1, { message: t('forms.transactions.referenceMissing') })
      .max(100, { message: t('forms.transactions.referenceTooLong', { count: 100 }) })
      .refine((reference) => reference !== current, { message: t('forms.transactions.referenceUnchanged') }),
  });
}

/** Why the order is cancelled: the server keeps it with the order (spec 7, reason code 5). */
export function cancelSchema(t: Translate) {
  return z.object({
    reason: z
      .string()
      .trim()
      .min(1, { message: t('transactions.said.reasonMissing') })
      .max(500, { message: t('forms.transactions.reasonTooLong', { count: 500 }) }),
  });
}

/** A note, key/value entries, or both: saving nothing says so at the note. */
export function metadataSchema(t: Translate, most: number) {
  return z
    .object({
      note: z
        .string()
        .trim()
        .max(2000, { message: t('forms.transactions.noteTooLong', { count: 2000 }) }),
      entries: z.array(z.object({ key: z.string().trim(), value: z.string().trim() })).max(most),
    })
    .superRefine((values, check) => {
      if (values.note === '' && values.entries.every((entry) => entry.key === ''))
        check.addIssue({ code: 'custom', path: ['note'], message: t('forms.transactions.nothingToSave') });
      values.entries.forEach((entry, index) => {
        if (entry.key === '' && entry.value !== '')
          check.addIssue({ code: 'custom', path: ['entries', index, 'key'], message: t('forms.transactions.keyMissing') });
      });
    })
    .transform((values) => ({ note: values.note, entries: values.entries.filter((entry) => entry.key !== '') }));
}

/** A refund request: an amount within what may still be refunded, and a reason of 3 characters or more. */
export function refundRequestSchema(t: Translate, refundable: number, currency: string) {
  return amountSchema(t, refundable, currency, 'forms.refundRequest.tooMuch').extend({
    reason: z
      .string()
      .trim()
      .min(3, { message: t('forms.refundRequest.reasonShort', { count: 3 }) })
      .max(500, { message: t('forms.transactions.reasonTooLong', { count: 500 }) }),
    note: z
      .string()
      .trim()
      .max(2000, { message: t('forms.transactions.noteTooLong', { count: 2000 }) }),
  });
}
