import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EXPORT_MESSAGES, type ExportType } from '../../contract/exports';
import type { AppContext } from '../app-context';
import { isoTimestamp, majorAmount, type CellKind, type ColumnKind, type ExportSource } from './export-source';
import { claimNext, expiredFiles, failExhausted, fileKeyOf, heartbeat, markFailed, markFinalising, markReady, releaseJob, type ClaimedJob } from './export-jobs';
import { csvWriter, xlsxWriter, type RowWriter } from './file-writers';
import { readTextChunk, type TextRow } from './text-chunks';

// The export worker (decision 0124): claims jobs with FOR UPDATE SKIP LOCKED, reads rows in keyset
// chunks, streams them into the file, beats its heartbeat and checks for cancellation after every
// chunk. A job whose worker died is taken over once its heartbeat is stale (restart from scratch),
// or failed with a message once it has used its attempts: never left Processing.

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  staleMs: number;
  maxAttempts: number;
  /** Rows per chunk of transaction exports (payout exports use the request's chunkSize). */
  orderChunkSize: number;
}

export function workerOptionsFromEnv(concurrency: number, env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const number = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Number(value) : fallback);
  return {
    concurrency,
    pollMs: number(env.FOLIO_EXPORT_POLL_MS, 500),
    staleMs: number(env.FOLIO_EXPORT_STALE_MS, 30_000),
    maxAttempts: number(env.FOLIO_EXPORT_MAX_ATTEMPTS, 3),
    orderChunkSize: number(env.FOLIO_EXPORT_CHUNK_ROWS, 5000),
  };
}

export interface ExportWorker {
  /** Looks for work now rather than at the next poll (a job was just created here). */
  nudge(): void;
  stop(): Promise<void>;
}

const CELL_KIND: Record<ColumnKind, CellKind> = { text: 'text', number: 'number', timestamp: 'text', amount: 'number' };
const FORMAT: Partial<Record<ColumnKind, (value: string) => string>> = { timestamp: isoTimestamp, amount: majorAmount };

/** Formats the raw timestamp and amount fields of a chunk in place. */
function formatCells(rows: TextRow[], kinds: ColumnKind[]): TextRow[] {
  const formats = kinds.map((kind) => FORMAT[kind]);
  if (formats.every((format) => !format)) return rows;
  for (const row of rows)
    for (let index = 0; index < formats.length; index++) {
      const format = formats[index];
      const value = row[index];
      if (format && value !== null && value !== undefined) row[index] = format(value);
    }
  return rows;
}

const SHEET_NAMES: Record<ExportType, string> = { TRANSACTION: 'Transactions', PAYOUT: 'Payouts', REFUND: 'Refunds' };

export function startExportWorker(ctx: AppContext, sources: Partial<Record<ExportType, ExportSource>>, options: WorkerOptions): ExportWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;
  const wakers = new Set<() => void>();
  const loops: Promise<void>[] = [];

  async function sleep(ms: number) {
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  async function openWriter(job: ClaimedJob, source: ExportSource, key: string): Promise<RowWriter> {
    const stream = await ctx.files.createWriteStream(key);
    const headers = source.headers(job.columns);
    const kinds = source.kinds(job.columns).map((kind) => CELL_KIND[kind]);
    return job.file_type === 'csv' ? csvWriter(stream, headers, kinds) : xlsxWriter(stream, headers, kinds, SHEET_NAMES[job.export_type]);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const source = sources[job.export_type];
    const key = fileKeyOf(job.token, job.file_type);
    if (!source) return markFailed(ctx.db, job.token, workerId, [EXPORT_MESSAGES.failed]);
    const chunkSize = job.export_type === 'TRANSACTION' ? options.orderChunkSize : job.request.chunkSize;
    let writer: RowWriter | undefined;
    const columnKinds = source?.kinds(job.columns) ?? [];
    const giveUp = async () => {
      writer?.abort();
      await ctx.files.remove(key);
    };
    try {
      writer = await openWriter(job, source, key);
      let cursor: string[] | undefined;
      let written = 0;
      for (;;) {
        if (stopping) {
          await giveUp();
          return releaseJob(ctx.db, job.token, workerId);
        }
        const { query, keyCount } = await source.chunkQuery(job.request, job.columns, cursor, chunkSize);
        const chunk = await readTextChunk(ctx.db, query, keyCount);
        if (chunk.rows.length > 0) await writer.writeRows(formatCells(chunk.rows, columnKinds));
        written += chunk.rows.length;
        cursor = chunk.cursor;
        // Cancelled (stop call) or taken over: stop writing and remove the partial file.
        if (!(await heartbeat(ctx.db, job.token, workerId, written))) return giveUp();
        if (chunk.rows.length < chunkSize) break;
      }
      if (!(await markFinalising(ctx.db, job.token, workerId))) return giveUp();
      await writer.finish();
      if (!(await markReady(ctx.db, job.token, workerId, key))) await ctx.files.remove(key);
    } catch (error) {
      ctx.log.error({ err: error, token: job.token }, 'export failed');
      await giveUp().catch(() => undefined);
      await markFailed(ctx.db, job.token, workerId, [EXPORT_MESSAGES.failed]).catch(() => undefined);
    }
  }

  async function housekeeping() {
    const keys = [...(await failExhausted(ctx.db, options.staleMs, options.maxAttempts)), ...(await expiredFiles(ctx.db))];
    await Promise.all(keys.map((key) => ctx.files.remove(key)));
  }

  async function loop(index: number) {
    let round = 0;
    while (!stopping) {
      try {
        // One loop per instance sweeps: failed-for-good jobs and expired or served files.
        if (index === 0 && round++ % 20 === 0) await housekeeping();
        const job = await claimNext(ctx.db, workerId, options.staleMs, options.maxAttempts);
        if (job) {
          await run(job);
          continue;
        }
      } catch (error) {
        if (stopping) return;
        ctx.log.error({ err: error }, 'export worker round failed');
      }
      await sleep(options.pollMs);
    }
  }

  for (let index = 0; index < options.concurrency; index++) loops.push(loop(index));
  return {
    nudge: () => wakers.values().next().value?.(),
    async stop() {
      stopping = true;
      [...wakers].forEach((wake) => wake());
      await Promise.all(loops);
    },
  };
}
