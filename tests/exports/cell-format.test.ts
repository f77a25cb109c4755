import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { CompiledQuery } from 'kysely';
import * as XLSX from 'xlsx';
import { describe, expect, test } from 'vitest';
import { isoTimestamp, majorAmount } from '../../server/exports/export-source';
import { csvCell, xlsxWriter } from '../../server/exports/file-writers';
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

describe('streaming xlsx writer', () => {
  test('two independent readers (SheetJS and exceljs) read the same sheet back', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-xlsx-')), 'check.xlsx');
    const writer = await xlsxWriter(createWriteStream(file), ['Name', 'Amount', 'Note'], ['text', 'number', 'text'], 'Payouts');
    await writer.writeRows([
      ['Zoë <&> "q"', '12.5', '=SUM(A1)'],
      [null, '3', ' padded '],
      ['ctrl\u0001char', null, 'last'],
    ]);
    await writer.finish();
    const sheetjs = XLSX.read(readFileSync(file), { type: 'buffer' });
    expect(sheetjs.SheetNames).toEqual(['Payouts']);
    expect(XLSX.utils.sheet_to_json(sheetjs.Sheets.Payouts!, { header: 1, defval: null })).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Zoë <&> "q"', 12.5, '=SUM(A1)'],
      [null, 3, ' padded '],
      ['ctrlchar', null, 'last'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([['Name', 'Amount', 'Note'], ['Zoë <&> "q"', 12.5, '=SUM(A1)'], [undefined, 3, ' padded '], ['ctrlchar', undefined, 'last']]);
  });
});
