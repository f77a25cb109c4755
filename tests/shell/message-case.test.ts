import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, type ExportMessageKey } from '../../contract/exports';
import { sentenceCase } from '../../src/lib/sentence-case';

// Issue 11 "Messages": the spec 8 catalogue's words are shown in sentence case ("Export ready").
const english = (area: string) => JSON.parse(readFileSync(`src/i18n/en/${area}.json`, 'utf8')) as Record<string, Record<string, unknown>>;
const exportsText = english('exports').exports!.messages as Record<ExportMessageKey, string>;
const common = english('common').common as Record<string, string>;
const startsAsSentence = (text: string) => /^\p{Lu}/u.test(text);

describe('message case', () => {
  it('every export message has English words starting with a capital', () => {
    expect(Object.keys(exportsText).sort()).toEqual(Object.keys(EXPORT_MESSAGES).sort());
    expect(Object.values(exportsText).filter((text) => !startsAsSentence(text))).toEqual([]);
    expect(exportsText.ready).toBe('Export ready');
  });

  it("the error toast's own words start with a capital", () => {
    expect([common.error, common.unknownError].filter((text) => !startsAsSentence(text ?? ''))).toEqual([]);
  });

  it('a server text is shown as a sentence starts, the rest left as it is', () => {
    expect(sentenceCase('only a Failed payout can be retried; this one is Processing')).toBe('Only a Failed payout can be retried; this one is Processing');
    expect(sentenceCase('  export ready')).toBe('  Export ready');
    expect(sentenceCase('élan')).toBe('Élan');
    expect(sentenceCase('')).toBe('');
  });
});
