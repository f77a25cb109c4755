import { Worker } from 'node:worker_threads';
import type { XlsxSheetSetup, XlsxThreadInput, XlsxThreadOutput } from './xlsx-thread';

// The xlsx work (rows to XML, deflate) runs on a worker thread (decision 0333), one for the process,
// started with the first xlsx export and kept (about 9 MB idle): the exports share it, each file by
// its number. Its young generation is small: the thread makes few objects, and only the collections
// they trigger free the buffers it is done with.
const XLSX_THREAD_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 32 };

export interface XlsxFileListener {
  message(message: XlsxThreadOutput): void;
  /** The thread failed or stopped: every file open on it fails. */
  lost(error: Error): void;
}

let xlsxThread: { worker: Worker; files: Map<number, XlsxFileListener> } | undefined;
let lastFile = 0;

/** The thread's code: the bundle beside the server's (dist-server/), or the TypeScript source under tsx and vitest. */
function startXlsxWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./xlsx-thread.mjs', import.meta.url), { resourceLimits: XLSX_THREAD_LIMITS });
  // A worker does not inherit tsx's loader: the thread registers it before it loads the source.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(new URL('./xlsx-thread.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); });`, { eval: true, resourceLimits: XLSX_THREAD_LIMITS });
}

/** Opens a sheet on the xlsx thread (starting it if needed); returns the file's number and the thread. */
export function openXlsxFile(setup: XlsxSheetSetup, listener: XlsxFileListener): { file: number; worker: Worker; close(): void } {
  if (!xlsxThread) {
    const thread = { worker: startXlsxWorker(), files: new Map<number, XlsxFileListener>() };
    const lose = (error: Error) => {
      if (xlsxThread === thread) xlsxThread = undefined;
      thread.files.forEach((file) => file.lost(error));
      thread.files.clear();
    };
    thread.worker.on('message', (message: XlsxThreadOutput) => thread.files.get(message.file)?.message(message));
    thread.worker.on('error', lose);
    thread.worker.on('exit', (code) => lose(new Error(`the xlsx thread stopped (exit code ${code})`)));
    xlsxThread = thread;
  }
  const thread = xlsxThread;
  const file = ++lastFile;
  thread.files.set(file, listener);
  // The thread keeps the process alive only while it has a file to make.
  thread.worker.ref();
  thread.worker.postMessage({ kind: 'open', file, setup } satisfies XlsxThreadInput);
  return {
    file,
    worker: thread.worker,
    close() {
      thread.files.delete(file);
      if (thread.files.size === 0) thread.worker.unref();
    },
  };
}
