import { CompiledQuery } from 'kysely';
import { describe, expect, test } from 'vitest';
import { isoTimestamp, majorAmount } from '../../server/exports/export-source';
import { csvCell } from '../../server/exports/file-writers';
import { inlineParameters, parseCopyText } from '../../server/exports/text-chunks';

describe('export cell formatting', () => {
  test.each([
    ['12345:EUR', '123.45'],
    ['123400:EUR', '1234'],
    ['123450:EUR', '1234.5'],
    ['5:EUR', '0.05'],
    ['0:EUR', '0'],
    ['-250:GBP', '-2.5'],
    ['1500:JPY', '1500'],
    ['12345:KWD', '12.345'],
  ])('amount %s is %s in major units', (raw, major) => expect(majorAmount(raw)).toBe(major));

  test.each([
    ['2026-10-20 10:00:00+00', '2026-10-20T10:00:00.000Z'],
    ['2026-10-20 10:00:00.123456+00', '2026-10-20T10:00:00.123Z'],
    ['2026-10-20 12:30:00.5+02', '2026-10-20T10:30:00.500Z'],
    ['2026-10-20 05:00:00-05:30', '2026-10-20T10:30:00.000Z'],
    ['2026-10-20T10:00:00.000Z', '2026-10-20T10:00:00.000Z'],
  ])('timestamp %s is %s', (raw, iso) => expect(isoTimestamp(raw)).toBe(iso));

  test('csv cells: formula-like text is guarded, quotes doubled, separators quoted', () => {
    expect(['=1+1', '+31 6', '-x', '@me', '\tx', 'plain', 'a,b', 'say "hi"', 'two\nlines', null].map(csvCell)).toEqual([
      "'=1+1",
      "'+31 6",
      "'-x",
      "'@me",
      "'\tx",
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
    ]);
  });

  test('COPY text records: tabs, newlines and backslashes come back; \\N is null', () => {
    expect(parseCopyText('a\\tb\tline\\nbreak\t\\N\tback\\\\slash\n1\t2\t3\t4\n')).toEqual([
      ['a\tb', 'line\nbreak', null, 'back\\slash'],
      ['1', '2', '3', '4'],
    ]);
  });

  test("parameters are inlined as literals, quotes doubled, so COPY can run the query", () => {
    const compiled = CompiledQuery.raw('SELECT $1, $2, $10', ["O'Brien", 5, 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'ten']);
    expect(inlineParameters(compiled)).toBe("SELECT 'O''Brien', 5, 'ten'");
  });
});
