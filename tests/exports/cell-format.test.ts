import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { CompiledQuery } from 'kysely';
import * as XLSX from 'xlsx';
import { describe, expect, test } from 'vitest';
import { openPglite } from '../../server/db/database';
import { timestampColumn } from '../../server/exports/export-source';
import { csvCell, csvCellSql, xlsxWriter } from '../../server/exports/file-writers';
import { inlineParameters } from '../../server/exports/copy-out';

describe('export cell formatting', () => {
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

  test('the SQL guard of the COPY body guards exactly the cells the JavaScript guard does', async () => {
    // Every first character the guard must catch, its neighbours around the fast path's bound ('@' 64, 'A' 65),
    // digits, non-ASCII, empty and NULL.
    const cells = ['=1+1', '+31 6', '-x', '@me', '\tx', '\rx', 'A', '?x', '~x', '0x', ' x', 'Ärger', '€5', 'plain', '', null];
    const db = openPglite('memory');
    try {
      const guard = csvCellSql({ sql: 'cell', kind: 'text' });
      const { rows } = await db.query<{ guarded: string | null }>(
        `SELECT ${guard} AS guarded FROM unnest($1::text[]) WITH ORDINALITY AS t(cell, n) ORDER BY n`,
        [cells],
      );
      expect(rows.map((row) => row.guarded)).toEqual(cells.map((cell) => (cell === null ? null : csvCell(cell).replace(/^"|"$/g, ''))));
      expect(rows.map((row) => row.guarded).filter((cell) => cell?.startsWith("'"))).toHaveLength(6);
    } finally {
      await db.close();
    }
  });

  test('parameters are inlined as literals, quotes doubled, so COPY can run the query', () => {
    const compiled = CompiledQuery.raw('SELECT $1, $2, $10', ["O'Brien", 5, 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'ten']);
    expect(inlineParameters(compiled)).toBe("SELECT 'O''Brien', 5, 'ten'");
  });
});

describe('streaming xlsx writer', () => {
  test('two independent readers (SheetJS and exceljs) read back the sheet written from a COPY text body', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-xlsx-')), 'check.xlsx');
    const writer = await xlsxWriter(createWriteStream(file), ['Name', 'Amount', 'Note'], ['text', 'number', 'text'], 'Payouts');
    // COPY text format: tab-separated, \N for null, backslash escapes; cut mid-record and mid-character.
    const body = Buffer.from('Zoë <&> "q"\t12.5\t=SUM(A1)\n\\N\t3\t padded \nctrl\u0001char\t\\N\ttwo\\nlines \\\\ back\n', 'utf8');
    const cut = body.indexOf('ë') + 1;
    await writer.write(body.subarray(0, cut));
    await writer.write(body.subarray(cut));
    expect(writer.rows()).toBe(3);
    await writer.finish();
    const sheetjs = XLSX.read(readFileSync(file), { type: 'buffer' });
    expect(sheetjs.SheetNames).toEqual(['Payouts']);
    expect(XLSX.utils.sheet_to_json(sheetjs.Sheets.Payouts!, { header: 1, defval: null })).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Zoë <&> "q"', 12.5, '=SUM(A1)'],
      [null, 3, ' padded '],
      ['ctrlchar', null, 'two\nlines \\ back'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Zoë <&> "q"', 12.5, '=SUM(A1)'],
      [undefined, 3, ' padded '],
      ['ctrlchar', undefined, 'two\nlines \\ back'],
    ]);
  });
});

describe('xlsx date and money cells', () => {
  test('date cells, date-time cells and money in each currency read back with their formats', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-xlsx-')), 'cells.xlsx');
    const writer = await xlsxWriter(createWriteStream(file), ['Day', 'When', 'Amount'], ['date', 'dateTime', 'money'], 'Cells');
    // As the export's SQL gives them: day numbers (1899-12-30 is 0), and "<amount> <currency>".
    await writer.write(Buffer.from('46310\t46310.5\t1234.56 EUR\n46311\t\\N\t1500 JPY\n\\N\t46312.25\t12.345 KWD\n46313\t46313\t7 EUR\n', 'utf8'));
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const cell = (row: number, column: number) => sheet.getRow(row).getCell(column);
    expect(cell(2, 1).value).toEqual(new Date(Date.UTC(2026, 9, 15)));
    expect(cell(2, 1).numFmt).toBe('d mmm yyyy');
    expect(cell(2, 2).value).toEqual(new Date(Date.UTC(2026, 9, 15, 12)));
    expect(cell(2, 2).numFmt).toBe('d mmm yyyy hh:mm');
    expect([cell(2, 3).value, cell(2, 3).numFmt]).toEqual([1234.56, '#,##0.00 "EUR"']);
    expect([cell(3, 3).value, cell(3, 3).numFmt, cell(3, 2).value]).toEqual([1500, '#,##0 "JPY"', null]);
    expect([cell(4, 3).value, cell(4, 3).numFmt, cell(4, 1).value]).toEqual([12.345, '#,##0.000 "KWD"', null]);
    expect([cell(5, 3).value, cell(5, 3).numFmt]).toEqual([7, '#,##0.00 "EUR"']);
    // SheetJS, an independent reader, sees dates and numbers too.
    const sheetjs = XLSX.read(readFileSync(file), { type: 'buffer', cellDates: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheetjs.Sheets.Cells!, { header: 1, raw: true, defval: null });
    expect(rows[1]?.[0]).toBeInstanceOf(Date);
    expect(rows[1]?.[2]).toBe(1234.56);
  });

  test('the timestamp SQL gives the day number of the clock in the time zone asked for', async () => {
    const db = openPglite('memory');
    try {
      const column = timestampColumn('t');
      const sql = (zone: string) => (typeof column.xlsx?.sql === 'function' ? column.xlsx.sql(zone) : '');
      const { rows } = await db.query<{ utc: string; amsterdam: string; newYork: string; csv: string }>(
        `SELECT ${sql('UTC')} AS utc, ${sql('Europe/Amsterdam')} AS amsterdam, ${sql('America/New_York')} AS "newYork", ${column.sql} AS csv FROM (SELECT timestamptz '2026-10-15T10:00:00Z' AS t) x`,
      );
      expect(rows[0]).toEqual({ utc: '46310.41666667', amsterdam: '46310.50000000', newYork: '46310.25000000', csv: '2026-10-15T10:00:00.000Z' });
    } finally {
      await db.close();
    }
  });
});
