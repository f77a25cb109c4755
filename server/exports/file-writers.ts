import { once } from 'node:events';
import type { CellKind } from './export-source';
import type { TextRow } from './text-chunks';
import { openWorkbook } from './xlsx-stream';

// Streaming writers: each chunk of rows goes to the file as it is read, so memory stays flat
// whatever the row count (issue 4 "Export jobs on the server"; decision 0124).

export interface RowWriter {
  writeRows(rows: TextRow[]): Promise<void>;
  /** Flushes and closes the file. */
  finish(): Promise<void>;
  /** Stops writing; the caller removes the partial file. */
  abort(): void;
}

const NEEDS_QUOTES = /[",\r\n]/;
// OWASP "CSV injection": a text cell a spreadsheet would read as a formula gets a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: string | null): string {
  if (cell === null) return '';
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
export async function csvWriter(stream: NodeJS.WritableStream, headers: string[], kinds: CellKind[]): Promise<RowWriter> {
  // Number cells are the database's own digits; only text needs quoting and the formula guard.
  const cell = kinds.map((kind) => (kind === 'number' ? (value: string | null) => value ?? '' : csvCell));
  const check = watchErrors(stream);
  await write(stream, `\uFEFF${headers.map(csvCell).join(',')}\r\n`);
  return {
    async writeRows(rows) {
      let text = '';
      for (const row of rows) text += `${row.map((value, index) => cell[index]!(value)).join(',')}\r\n`;
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

/** A streaming one-sheet xlsx (decision 0126): text as inline strings (never formulas), numbers as numbers. */
export async function xlsxWriter(stream: NodeJS.WritableStream, headers: string[], kinds: CellKind[], sheetName: string): Promise<RowWriter> {
  const check = watchErrors(stream);
  const workbook = await openWorkbook(stream, sheetName, kinds);
  await workbook.writeHeader(headers);
  return {
    async writeRows(rows) {
      check();
      await workbook.writeRows(rows);
    },
    async finish() {
      check();
      await workbook.finish();
      await closed(stream);
      check();
    },
    abort: () => (stream as unknown as { destroy(): void }).destroy(),
  };
}
