import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EXPORT_MESSAGES, type ExportType } from '../../contract/exports';
import type { AppContext } from '../app-context';
import { pgliteOf } from '../db/database';
import { asBackground } from '../db/pglite-dialect';
import { startJobRunner } from '../jobs/job-runner';
import { clearCopyScratch, copyOut, isPglite, type CopyBody } from './copy-out';
import { csvShownColumn, headersWithZone, xlsxCellSql, type ExportColumn, type ExportSource } from './export-source';
import {
  claimNext,
  expiredFiles,
  failExhausted,
  fileKeyOf,
  heartbeat,
  markFailed,
  markFinalising,
  markReady,
  releaseJob,
  type ClaimedJob,
} from './export-jobs';
import { csvCellSql, csvWriter, xlsxWriter, type BodyWriter } from './file-writers';
import { keysetCopy } from './keyset-copy';

// The export worker (decisions 0124, 0127, 0320): claims jobs with FOR UPDATE SKIP LOCKED, has the
// database COPY the rows (filtered, sorted and formatted in SQL) and streams that body into the
// file, beating its heartbeat and checking for cancellation as it goes. On PostgreSQL that is one
// COPY on its own connection; on the embedded engine, which runs a statement on this thread, it is
// a COPY per keyset chunk with the event loop handed back between chunks. A job whose worker died is
// taken over once its heartbeat is stale (restart from scratch), or failed with a message once it
// has used its attempts: never left Processing.

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  staleMs: number;
  maxAttempts: number;
  /** How often a running export beats its heartbeat (and learns it was cancelled); on PGlite also before every chunk. */
  beatMs: number;
  /** Rows per COPY on the embedded engine (decision 0320); 0 reads the export in one COPY, as PostgreSQL does. */
  chunkRows?: number;
  /**
   * At most this many rows a second per export (0: as fast as the database gives them). An operator's
   * brake for busy hours: a big export then takes longer instead of taking the database (decision 0490).
   */
  rowsPerSecond?: number;
}

/** Decision 0320: a chunk holds the embedded engine for some tens of ms, which is what other callers wait at most per query. */
export const DEFAULT_CHUNK_ROWS = 5_000;

export function workerOptionsFromEnv(concurrency: number, env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const number = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Number(value) : fallback);
  return {
    concurrency,
    pollMs: number(env.FOLIO_EXPORT_POLL_MS, 500),
    staleMs: number(env.FOLIO_EXPORT_STALE_MS, 30_000),
    maxAttempts: number(env.FOLIO_EXPORT_MAX_ATTEMPTS, 3),
    // A cancel must take effect within a second, so the running export looks four times a second.
    beatMs: number(env.FOLIO_EXPORT_BEAT_MS, 250),
    chunkRows: env.FOLIO_EXPORT_CHUNK_ROWS === '0' ? 0 : number(env.FOLIO_EXPORT_CHUNK_ROWS, DEFAULT_CHUNK_ROWS),
    rowsPerSecond: number(env.FOLIO_EXPORT_ROWS_PER_SECOND, 0),
  };
}

/**
 * Keeps an export at or under `rowsPerSecond`: after each chunk, waits until the rows written so far are
 * due at that pace. Waits in short steps so a stop (shutdown) is not held up.
 */
function exportPace(rowsPerSecond: number, stopping: () => boolean): (rowsWritten: number) => Promise<void> {
  if (rowsPerSecond <= 0) return async () => undefined;
  const started = Date.now();
  return async (rowsWritten) => {
    const dueAt = started + (rowsWritten / rowsPerSecond) * 1000;
    while (!stopping() && Date.now() < dueAt) await new Promise((resolve) => setTimeout(resolve, Math.min(100, dueAt - Date.now())));
  };
}

export interface ExportWorker {
  /** Looks for work now rather than at the next poll (a job was just created here). */
  nudge(): void;
  stop(): Promise<void>;
}

const SHEET_NAMES: Record<ExportType, string> = { TRANSACTION: 'Transactions', PAYOUT: 'Payouts', REFUND: 'Refunds', SETTLEMENT: 'Settlement report' };

export function startExportWorker(ctx: AppContext, sources: Partial<Record<ExportType, ExportSource>>, options: WorkerOptions): ExportWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  const embedded = isPglite(ctx.db).catch(() => false);
  // Tells a running export to give up (shutdown); the runner starts at the end, before any job runs.
  const stopping = () => runner.stopping();

  async function openWriter(job: ClaimedJob, source: ExportSource, key: string): Promise<BodyWriter> {
    const stream = await ctx.files.createWriteStream(key);
    // One shape in both formats (decision 0463): the screen's labels, and the zone of the times in the header.
    const kinds = source.kinds(job.columns);
    const headers = headersWithZone(source.headers(job.columns), kinds, job.request.timeZone ?? 'UTC');
    return job.file_type === 'csv' ? csvWriter(stream, headers) : xlsxWriter(stream, headers, kinds, SHEET_NAMES[job.export_type]);
  }

  /** The rows' COPY body: chunk by chunk on the embedded engine (asking `proceed` before each), else one COPY. */
  async function openBody(job: ClaimedJob, source: ExportSource, proceed: () => Promise<boolean>): Promise<{ body: CopyBody; chunked: boolean }> {
    const timeZone = job.request.timeZone ?? 'UTC';
    const shown = csvShownColumn(timeZone);
    const cell: (column: ExportColumn) => string = job.file_type === 'csv' ? (column) => csvCellSql(shown(column)) : xlsxCellSql(timeZone);
    const format = job.file_type === 'csv' ? 'csv' : 'text';
    if (chunkRows > 0 && source.parts && (await embedded))
      return { body: keysetCopy(ctx.db, await source.parts(job.request, job.columns, cell), format, { chunkRows, proceed }), chunked: true };
    const query = await source.query(job.request, job.columns, cell);
    return { body: await copyOut(ctx.db, query.compile(ctx.db), format, job.token), chunked: false };
  }

  async function run(job: ClaimedJob): Promise<void> {
    const source = sources[job.export_type];
    const key = fileKeyOf(job.token, job.file_type);
    if (!source) return markFailed(ctx.db, job.token, workerId, [EXPORT_MESSAGES.failed]);
    let writer: BodyWriter | undefined;
    let body: CopyBody | undefined;
    const giveUp = async () => {
      writer?.abort();
      await ctx.files.remove(key);
    };
    try {
      const file = (writer = await openWriter(job, source, key));
      // Before each chunk: progress, and whether the job is still ours to run (not cancelled, not shutting down).
      const proceed = async () => !stopping() && (await heartbeat(ctx.db, job.token, workerId, file.rows()));
      const opened = await openBody(job, source, proceed);
      body = opened.body;
      let beat = Date.now();
      const pace = exportPace(options.rowsPerSecond ?? 0, stopping);
      for await (const chunk of body.chunks) {
        await writer.write(chunk);
        await pace(writer.rows());
        if (stopping()) {
          await giveUp();
          return releaseJob(ctx.db, job.token, workerId);
        }
        if (!opened.chunked && Date.now() - beat >= options.beatMs) {
          beat = Date.now();
          // Cancelled (stop call) or taken over: stop writing and remove the partial file.
          if (!(await heartbeat(ctx.db, job.token, workerId, writer.rows()))) return giveUp();
        }
      }
      if (stopping()) {
        await giveUp();
        return releaseJob(ctx.db, job.token, workerId);
      }
      if (!(await heartbeat(ctx.db, job.token, workerId, body.rows() ?? writer.rows()))) return giveUp();
      if (!(await markFinalising(ctx.db, job.token, workerId))) return giveUp();
      await writer.finish();
      if (!(await markReady(ctx.db, job.token, workerId, key))) await ctx.files.remove(key);
    } catch (error) {
      ctx.log.error({ err: error, token: job.token }, 'export failed');
      await giveUp().catch(() => undefined);
      await markFailed(ctx.db, job.token, workerId, [EXPORT_MESSAGES.failed]).catch(() => undefined);
    } finally {
      await body?.dispose().catch(() => undefined);
    }
  }

  async function housekeeping() {
    const keys = [...(await failExhausted(ctx.db, options.staleMs, options.maxAttempts)), ...(await expiredFiles(ctx.db))];
    await Promise.all(keys.map((key) => ctx.files.remove(key)));
  }

  /** Loop 0 sweeps every 20th round: failed-for-good jobs and expired or served files. */
  const rounds = new Map<number, number>();
  async function claim(index: number): Promise<ClaimedJob | undefined> {
    const round = rounds.get(index) ?? 0;
    rounds.set(index, round + 1);
    if (index === 0 && round % 20 === 0) await housekeeping();
    return claimNext(ctx.db, workerId, options.staleMs, options.maxAttempts);
  }

  // Scratch files of COPYs a crash interrupted go before any job is claimed (jobs restart from scratch).
  const ready = clearCopyScratch(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not clear export scratch files'));
  // Background work: on the embedded engine API calls' queries go first (decision 0330). Only there: the
  // priority rides on an AsyncLocalStorage, and once one runs every promise of the process pays its hooks,
  // API calls' included (decision 0625).
  const runner = startJobRunner({
    loops: options.concurrency,
    pollMs: options.pollMs,
    claim,
    run,
    onError: (error) => ctx.log.error({ err: error }, 'export worker round failed'),
    ready,
    wrapLoop: pgliteOf(ctx.db) ? asBackground : undefined,
  });
  return { nudge: () => runner.nudge('one'), stop: () => runner.stop() };
}
