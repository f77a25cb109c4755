import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { Cell } from './export-source';

// Streaming writers: each chunk of rows goes to the file as it is read, so memory stays flat
// whatever the row count (issue 4 "Export jobs on the server"; decision 0124).

export interface RowWriter {
  writeRows(rows: Cell[][]): Promise<void>;
  /** Flushes and closes the file. */
  finish(): Promise<void>;
  /** Stops writing; the caller removes the partial file. */
  abort(): void;
}

const NEEDS_QUOTES = /[",\r\n]/;
// OWASP "CSV injection": a text cell a spreadsheet would read as a formula gets a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream as NodeJS.EventEmitter, 'drain');
}

/** Keeps a file error (disk full, or a write after abort) from going uncaught; the next step rethrows it. */
function watchErrors(stream: NodeJS.WritableStream): () => void {
  let failure: Error | undefined;
  stream.on('error', (error: Error) => (failure ??= error));
  return () => {
    if (failure) throw failure;
  };
}

async function closed(stream: NodeJS.WritableStream): Promise<void> {
  const done = once(stream as NodeJS.EventEmitter, 'close');
  stream.end();
  await done;
}

/** RFC 4180 csv, CRLF line ends, UTF-8 with a BOM so spreadsheet programs read accents right. */
export async function csvWriter(stream: NodeJS.WritableStream, headers: string[]): Promise<RowWriter> {
  const check = watchErrors(stream);
  await write(stream, `\uFEFF${headers.map(csvCell).join(',')}\r\n`);
  return {
    async writeRows(rows) {
      let text = '';
      for (const row of rows) text += `${row.map(csvCell).join(',')}\r\n`;
      check();
      await write(stream, text);
    },
    async finish() {
      check();
      await closed(stream);
      check();
    },
    abort: () => (stream as unknown as { destroy(): void }).destroy(),
  };
}

/** exceljs's streaming WorkbookWriter: rows are committed as written; strings are never formulas in xlsx. */
export async function xlsxWriter(stream: NodeJS.WritableStream, headers: string[], sheetName: string): Promise<RowWriter> {
  const check = watchErrors(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: stream as unknown as import('node:stream').Stream,
    useStyles: false,
    useSharedStrings: false,
    // Fast deflate: the file is a transient download; level 1 is several times faster than 6.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers).commit();
  return {
    async writeRows(rows) {
      check();
      for (const row of rows) sheet.addRow(row).commit();
      // Let the zip stream drain into the file before the next chunk.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async finish() {
      const done = once(stream as NodeJS.EventEmitter, 'close');
      sheet.commit();
      await workbook.commit();
      await done;
      check();
    },
    abort: () => (stream as unknown as { destroy(): void }).destroy(),
  };
}
