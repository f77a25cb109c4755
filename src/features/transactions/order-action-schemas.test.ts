import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod';
import forms from '../../i18n/en/forms.json';
import transactions from '../../i18n/en/transactions.json';
import { amountSchema, cancelSchema, metadataSchema, referenceSchema, refundRequestSchema } from './order-action-schemas';

// What the transaction info forms say before anything is sent (issue 34): each problem in words at
// its field, all at once, instead of a greyed-out button. The words come from the catalogue.

const en = { ...forms, ...transactions };
const t = (key: string, words: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) ?? key;
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(words[name]));
};
/** The message of each field the schema refuses, by path. */
const said = (schema: $ZodType, values: unknown) => {
  const checked = z.safeParse(schema as z.ZodType, values);
  return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the transaction info forms', () => {
  it('capture: says an amount is missing, zero, or more than is held, in words', () => {
    const capture = amountSchema(t, 240_00, 'EUR', 'forms.transactions.captureTooMuch');
    expect(said(capture, { amountMinor: null })).toEqual({ amountMinor: 'Enter an amount.' });
    expect(said(capture, { amountMinor: 0 })).toEqual({ amountMinor: 'Enter an amount above zero.' });
    expect(said(capture, { amountMinor: 240_01 })).toEqual({ amountMinor: 'You can capture at most €240.00, the amount still held on the card.' });
    expect(said(capture, { amountMinor: 240_00 })).toEqual({});
  });

  it('reference: says an empty or unchanged reference instead of refusing silently', () => {
    const reference = referenceSchema(t, 'BK-1');
    expect(said(reference, { referenceNo: '  ' })).toEqual({ referenceNo: 'Enter a reference number.' });
    expect(said(reference, { referenceNo: ' BK-1 ' })).toEqual({ referenceNo: "This is already the order's reference number: type the new one." });
    expect(said(reference, { referenceNo: 'BK-2' })).toEqual({});
  });

  it('cancel: an empty reason says what is missing', () => {
    expect(said(cancelSchema(t), { reason: ' ' })).toEqual({ reason: 'Say why the order is cancelled.' });
    expect(said(cancelSchema(t), { reason: 'Guest changed plans' })).toEqual({});
  });

  it('note and data: saving nothing, or a value without a key, says what to add', () => {
    const metadata = metadataSchema(t, 10);
    expect(said(metadata, { note: ' ', entries: [] })).toEqual({ note: 'Write a note or add an entry with a key to save.' });
    expect(said(metadata, { note: 'x', entries: [{ key: '', value: '412' }] })).toEqual({ 'entries.0.key': 'Give this entry a key, or remove it.' });
    expect(
      z.parse(metadata, {
        note: ' x ',
        entries: [
          { key: 'room', value: '412' },
          { key: '', value: '' },
        ],
      }),
    ).toEqual({
      note: 'x',
      entries: [{ key: 'room', value: '412' }],
    });
  });

  it('refund request: says every problem at once, in words (no formulas)', () => {
    const request = refundRequestSchema(t, 50_00, 'EUR');
    expect(said(request, { amountMinor: 60_00, reason: 'no', note: '' })).toEqual({
      amountMinor: 'You can refund at most €50.00 on this order.',
      reason: 'Say why in at least 3 characters.',
    });
    expect(said(request, { amountMinor: 50_00, reason: 'Room not used', note: '' })).toEqual({});
  });
});
