import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EXPORT_MESSAGES, type ExportType } from '../../contract/exports';
import type { AppContext } from '../app-context';
import { clearCopyScratch, copyOut, type CopyBody } from './copy-out';
import { xlsxCellSql, type ExportSource } from './export-source';
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

// The export worker (decisions 0124, 0127): claims jobs with FOR UPDATE SKIP LOCKED, has the
// database COPY the rows (filtered, sorted and formatted in SQL) and streams that body into the
// file, beating its heartbeat and checking for cancellation as it goes. A job whose worker died is
// taken over once its heartbeat is stale (restart from scratch), or failed with a message once it
// has used its attempts: never left Processing.

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  staleMs: number;
  maxAttempts: number;
  /** How often a running export beats its heartbeat (and learns it was cancelled). */
  beatMs: number;
}

export function workerOptionsFromEnv(concurrency: number, env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const number = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Number(value) : fallback);
  return {
    concurrency,
    pollMs: number(env.FOLIO_EXPORT_POLL_MS, 500),
    staleMs: number(env.FOLIO_EXPORT_STALE_MS, 30_000),
    maxAttempts: number(env.FOLIO_EXPORT_MAX_ATTEMPTS, 3),
    beatMs: number(env.FOLIO_EXPORT_BEAT_MS, 1000),
  };
}

export interface ExportWorker {
  /** Looks for work now rather than at the next poll (a job was just created here). */
  nudge(): void;
  stop(): Promise<void>;
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

  async function openWriter(job: ClaimedJob, source: ExportSource, key: string): Promise<BodyWriter> {
    const stream = await ctx.files.createWriteStream(key);
    const headers = source.headers(job.columns);
    return job.file_type === 'csv' ? csvWriter(stream, headers) : xlsxWriter(stream, headers, source.kinds(job.columns), SHEET_NAMES[job.export_type]);
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
      writer = await openWriter(job, source, key);
      const query = await source.query(job.request, job.columns, job.file_type === 'csv' ? csvCellSql : xlsxCellSql(job.request.timeZone ?? 'UTC'));
      body = await copyOut(ctx.db, query.compile(ctx.db), job.file_type === 'csv' ? 'csv' : 'text', job.token);
      let beat = Date.now();
      for await (const chunk of body.chunks) {
        await writer.write(chunk);
        if (stopping) {
          await giveUp();
          return releaseJob(ctx.db, job.token, workerId);
        }
        if (Date.now() - beat >= options.beatMs) {
          beat = Date.now();
          // Cancelled (stop call) or taken over: stop writing and remove the partial file.
          if (!(await heartbeat(ctx.db, job.token, workerId, writer.rows()))) return giveUp();
        }
      }
      if (stopping) {
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

  // Scratch files of COPYs a crash interrupted go before any job is claimed (jobs restart from scratch).
  const ready = clearCopyScratch(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not clear export scratch files'));
  for (let index = 0; index < options.concurrency; index++) loops.push(ready.then(() => loop(index)));
  return {
    nudge: () => wakers.values().next().value?.(),
    async stop() {
      stopping = true;
      [...wakers].forEach((wake) => wake());
      await Promise.all(loops);
    },
  };
}
