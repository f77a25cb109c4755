import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { SheetCellKind } from './xlsx-stream';
import { openWorkbook } from './xlsx-stream';

// The worker thread of the xlsx exports (decision 0333): it turns the COPY body's lines into
// worksheets and deflates them, while the server's own thread serves API calls and, on the embedded
// engine, runs the next chunk's COPY. One thread serves every xlsx export of the process, each file
// by its number; only bytes cross between the threads:
//   in:  open (the file's columns)  rows (whole COPY text lines)  finish  drop (the export stopped)
//   out: bytes (the file's next bytes, in order)  written (a block is in the sheet; its memory comes
//        back)  finished  failed

export interface XlsxSheetSetup {
  headers: string[];
  kinds: SheetCellKind[];
  sheetName: string;
}

export type XlsxThreadInput =
  | { kind: 'open'; file: number; setup: XlsxSheetSetup }
  | { kind: 'rows'; file: number; block: Uint8Array }
  | { kind: 'finish'; file: number }
  | { kind: 'drop'; file: number };
export type XlsxThreadOutput =
  | { kind: 'bytes'; file: number; bytes: Uint8Array }
  | { kind: 'written'; file: number; block: Uint8Array }
  | { kind: 'finished'; file: number }
  | { kind: 'failed'; file: number; message: string };

const port = parentPort;
if (!port) throw new Error('xlsx-thread.ts runs as a worker thread');
const send = (message: XlsxThreadOutput, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

interface OpenFile {
  /** The file's messages, one at a time and in order: a block is in the sheet before the next starts. */
  queue: Promise<unknown>;
  workbook: ReturnType<typeof openWorkbook>;
  out: Writable;
  dropped: boolean;
}
const files = new Map<number, OpenFile>();

function open(file: number, setup: XlsxSheetSetup): OpenFile {
  const state = { dropped: false };
  // The file's bytes go to the host as they come out of zlib; the host writes them in order and holds
  // back further blocks while the file is slow (file-writers.ts), so nothing piles up here.
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const bytes = new Uint8Array(chunk);
      if (!state.dropped) send({ kind: 'bytes', file, bytes }, [bytes.buffer as ArrayBuffer]);
      done();
    },
  });
  const workbook = openWorkbook(out, setup.sheetName, setup.kinds).then(async (sheet) => {
    await sheet.writeHeader(setup.headers);
    return sheet;
  });
  // A failure to open is reported with the file's first block.
  workbook.catch(() => undefined);
  return Object.assign(state, { queue: workbook, workbook, out });
}

async function apply(opened: OpenFile, message: Exclude<XlsxThreadInput, { kind: 'open' | 'drop' }>) {
  if (opened.dropped) return;
  const workbook = await opened.workbook;
  if (message.kind === 'rows') {
    await workbook.writeCopyRows(Buffer.from(message.block.buffer, message.block.byteOffset, message.block.byteLength));
    // The block's memory goes back for the next block: neither thread leaves it to a collection.
    send({ kind: 'written', file: message.file, block: message.block }, [message.block.buffer as ArrayBuffer]);
    return;
  }
  await workbook.finish();
  await new Promise<void>((resolve, reject) => opened.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  files.delete(message.file);
  send({ kind: 'finished', file: message.file });
}

port.on('message', (message: XlsxThreadInput) => {
  if (message.kind === 'open') {
    files.set(message.file, open(message.file, message.setup));
    return;
  }
  const opened = files.get(message.file);
  if (!opened) return;
  if (message.kind === 'drop') {
    opened.dropped = true;
    files.delete(message.file);
    opened.out.destroy();
    return;
  }
  opened.queue = opened.queue
    .then(() => apply(opened, message))
    .catch((error: unknown) => {
      if (opened.dropped) return;
      opened.dropped = true;
      files.delete(message.file);
      send({ kind: 'failed', file: message.file, message: error instanceof Error ? error.message : String(error) });
    });
});
