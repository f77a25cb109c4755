import { once } from 'node:events';
import type { CellKind, ExportColumn } from './export-source';
import type { XlsxThreadInput } from './xlsx-thread';
import { openXlsxFile } from './xlsx-thread-host';

// Writers of an export file from the COPY body the database streams out (decision 0127): bytes in,
// file out, with backpressure, so memory stays flat whatever the row count.
//   csv: the body is PostgreSQL's own CSV (cells formatted and guarded in SQL), passed through
//        after a BOM and the header line.
//   xlsx: the body is COPY text format (one record a line, tab-separated, backslash escapes),
//        turned into worksheet rows a block at a time.

export interface BodyWriter {
  write(chunk: Buffer): Promise<void>;
  /** Rows written so far (csv: line ends seen, for progress; the COPY's own count is final). */
  rows(): number;
  /** Flushes and closes the file. */
  finish(): Promise<void>;
  /** Stops writing; the caller removes the partial file. */
  abort(): void;
}

// OWASP "CSV injection": a text cell a spreadsheet would read as a formula gets a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A header cell (or any cell written from JavaScript): formula-guarded, quoted when needed. */
export function csvCell(cell: string | null): string {
  if (cell === null) return '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The same formula guard in SQL, for the cells of the body (quoting is COPY's own). */
export function csvCellSql(column: ExportColumn): string {
  if (column.kind !== 'text' || column.plain) return column.sql;
  // ascii() of the first character: = + - @ tab CR. Every one of them is below 65 ('A'), so a cell
  // starting with a letter (most names, emails, references) is settled by one comparison; the list
  // of six is tested only for the rest (0.27 s less per million rows and four columns, measured).
  const cell = column.sql;
  return `CASE WHEN ascii(${cell}) > 64 THEN ${cell} WHEN ascii(${cell}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${cell} ELSE ${cell} END`;
}

async function write(stream: NodeJS.WritableStream, data: string | Buffer): Promise<void> {
  if (!stream.write(data)) await once(stream as NodeJS.EventEmitter, 'drain');
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

const abortOf = (stream: NodeJS.WritableStream) => () => (stream as unknown as { destroy(): void }).destroy();

/** RFC 4180 csv as PostgreSQL writes it (LF line ends), UTF-8 with a BOM so spreadsheet programs read accents right. */
export async function csvWriter(stream: NodeJS.WritableStream, headers: string[]): Promise<BodyWriter> {
  const check = watchErrors(stream);
  await write(stream, `\uFEFF${headers.map(csvCell).join(',')}\n`);
  let lines = 0;
  return {
    async write(chunk) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      check();
      await write(stream, chunk);
    },
    rows: () => lines,
    async finish() {
      check();
      await closed(stream);
      check();
    },
    abort: abortOf(stream),
  };
}

// What may wait between this thread and the xlsx thread: blocks of rows sent and not yet in the
// sheet; and the blocks' memory kept for reuse once they come back.
const MAX_BYTES_IN_FLIGHT = 1 << 20;
const MAX_SPARE_BLOCKS = 4;

/**
 * A streaming one-sheet xlsx (decision 0126): text as inline strings (never formulas), numbers as
 * numbers. The sheet is made and deflated on the xlsx thread (xlsx-thread.ts); this side sends it
 * whole COPY lines and writes the bytes it gets back, in order, with the file's backpressure.
 */
export async function xlsxWriter(stream: NodeJS.WritableStream, headers: string[], kinds: CellKind[], sheetName: string): Promise<BodyWriter> {
  const check = watchErrors(stream);
  let failure: Error | undefined;
  let rows = 0;
  // The file's bytes are written one after the other; a block counts as done once its bytes are.
  let output: Promise<void> = Promise.resolve();
  const blockDone: (() => void)[] = [];
  let finished: (() => void) | undefined;
  const inFlight: { size: number; done: Promise<void> }[] = [];
  const spareBlocks: ArrayBuffer[] = [];
  let bytesInFlight = 0;

  const fail = (error: Error) => {
    if (!failure) {
      // The thread stops making a file that can no longer be written.
      post({ kind: 'drop', file: sheet.file });
      sheet.close();
    }
    failure ??= error;
    blockDone.splice(0).forEach((wake) => wake());
    finished?.();
  };
  const rethrow = () => {
    if (failure) throw failure;
    check();
  };
  const post = (message: XlsxThreadInput, transfer: ArrayBuffer[] = []) => sheet.worker.postMessage(message, transfer);
  const sheet = openXlsxFile(
    { headers, kinds, sheetName },
    {
      message(message) {
        if (message.kind === 'bytes') {
          const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
          output = output.then(() => (failure ? undefined : write(stream, bytes))).catch(fail);
        } else if (message.kind === 'written') {
          if (spareBlocks.length < MAX_SPARE_BLOCKS) spareBlocks.push(message.block.buffer as ArrayBuffer);
          const wake = blockDone.shift();
          if (wake) void output.then(wake);
        } else if (message.kind === 'finished') {
          void output.then(() => finished?.());
        } else {
          fail(new Error(`the xlsx file could not be made: ${message.message}`));
        }
      },
      lost: fail,
    },
  );

  async function send(lines: Buffer) {
    // COPY text escapes a newline inside a field: each line end is a row (counted here, so rows() is current).
    for (let at = lines.indexOf(10); at !== -1; at = lines.indexOf(10, at + 1)) rows++;
    // A copy the thread takes over (the source may reuse its chunk's memory), in memory an earlier
    // block came back in when one is large enough.
    const spare = spareBlocks.findIndex((buffer) => buffer.byteLength >= lines.length);
    const memory = spare === -1 ? new ArrayBuffer(2 ** Math.ceil(Math.log2(Math.max(lines.length, 1 << 16)))) : spareBlocks.splice(spare, 1)[0]!;
    const block = new Uint8Array(memory, 0, lines.length);
    block.set(lines);
    inFlight.push({ size: block.byteLength, done: new Promise<void>((resolve) => blockDone.push(resolve)) });
    bytesInFlight += block.byteLength;
    post({ kind: 'rows', file: sheet.file, block }, [block.buffer]);
    while (bytesInFlight > MAX_BYTES_IN_FLIGHT) {
      const oldest = inFlight.shift()!;
      await oldest.done;
      bytesInFlight -= oldest.size;
    }
    rethrow();
  }

  // Whole lines go to the sheet; the part of a line a chunk ends with waits for the next chunk.
  let rest: Buffer | undefined;
  return {
    async write(chunk) {
      rethrow();
      const end = chunk.lastIndexOf(10);
      if (end === -1) {
        rest = rest ? Buffer.concat([rest, chunk]) : Buffer.from(chunk);
        return;
      }
      const lines = rest ? Buffer.concat([rest, chunk.subarray(0, end + 1)]) : chunk.subarray(0, end + 1);
      rest = end + 1 < chunk.length ? Buffer.from(chunk.subarray(end + 1)) : undefined;
      await send(lines);
    },
    rows: () => rows,
    async finish() {
      try {
        // The last line may lack its line end: it is a row all the same.
        if (rest?.length) {
          rows++;
          await send(rest);
        }
        rethrow();
        await new Promise<void>((resolve) => {
          finished = resolve;
          post({ kind: 'finish', file: sheet.file });
        });
        await output;
        rethrow();
      } finally {
        sheet.close();
      }
      await closed(stream);
      check();
    },
    abort() {
      post({ kind: 'drop', file: sheet.file });
      sheet.close();
      failure ??= new Error('the xlsx file was abandoned');
      abortOf(stream)();
    },
  };
}
