import { sql } from 'kysely';
import { EXPORT_FILE_TTL_MS, EXPORT_MESSAGES, type ExportFileType, type ExportStatus, type ExportType } from '../../contract/exports';
import type { AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';
import { recordLiveEvent } from '../events/live-outbox';

// The export_jobs table as a queue (architecture.md "jobs"; decision 0124). Every transition is
// one conditional UPDATE, so a worker that lost its job (cancelled, or taken over after its
// heartbeat went stale) finds out from the row count and stops.

/** What a job needs to run again from scratch after a restart: stored at creation. */
export interface JobRequest {
  query: unknown;
  /** The caller's merchants at creation (scope narrowed by the merchant header). */
  merchants: 'all' | string[];
  /** Where the reader is (IANA zone): xlsx date cells show that clock (decision 0202); UTC when absent. */
  timeZone?: string;
}

/**
 * Whose export: a person's (their user id) or a property's secret key's (decision 0370). Each reads and
 * downloads only its own: a key never its maker's, its maker never the key's.
 */
export type ExportOwner = string | { keyId: string };

export function exportOwnerOf(caller: AnyCaller): ExportOwner {
  return caller.kind === 'key' ? { keyId: caller.keyId } : caller.userId;
}

function ownerColumns(owner: ExportOwner): { owner_user_id: string | null; owner_key_id: string | null } {
  return typeof owner === 'string' ? { owner_user_id: owner, owner_key_id: null } : { owner_user_id: null, owner_key_id: owner.keyId };
}

/** The owner as the download link signs it: the user's id, or `key:<id>` (a text no user id can be). */
export function signedOwnerOf(owner: ExportOwner): string {
  return typeof owner === 'string' ? owner : `key:${owner.keyId}`;
}

/** The owner of a stored job. */
export function ownerOfRow(row: { owner_user_id: string | null; owner_key_id: string | null }): ExportOwner {
  return row.owner_key_id !== null ? { keyId: row.owner_key_id } : row.owner_user_id!;
}

/** A job as the worker claims it, typed from the schema (decision 0610). */
export type ClaimedJob = ColumnsOf<'export_jobs', 'token' | 'columns' | 'attempts'> & {
  // Stored by createJob from the contract's values.
  export_type: ExportType;
  file_type: ExportFileType;
  request: JobRequest;
};

export function fileKeyOf(token: string, fileType: string): string {
  return `exports/${token}.${fileType}`;
}

export async function createJob(
  db: Db,
  job: { owner: ExportOwner; exportType: ExportType; fileType: ExportFileType; request: JobRequest; columns: string[] },
): Promise<string> {
  const row = await db
    .insertInto('export_jobs')
    .values({ ...ownerColumns(job.owner), export_type: job.exportType, file_type: job.fileType, request: JSON.stringify(job.request), columns: job.columns })
    .returning('token')
    .executeTakeFirstOrThrow();
  return row.token;
}

export async function findJob(db: Db, token: string, owner: ExportOwner, exportType: ExportType) {
  const { owner_user_id, owner_key_id } = ownerColumns(owner);
  return db
    .selectFrom('export_jobs')
    .select(['token', 'status', 'ticks', 'error_messages', 'file_key', 'downloaded_at', 'expires_at', 'cancelled_at'])
    .where('token', '=', token)
    .where((eb) => (owner_key_id !== null ? eb('owner_key_id', '=', owner_key_id) : eb('owner_user_id', '=', owner_user_id)))
    .where('export_type', '=', exportType)
    .executeTakeFirst();
}

/** Jobs whose worker died (stale heartbeat) and that used up their attempts fail with a message. */
export async function failExhausted(db: Db, staleMs: number, maxAttempts: number): Promise<string[]> {
  const result = await sql<{ token: string; file_type: string }>`
    UPDATE export_jobs SET status = 'Failed', error_messages = ARRAY[${EXPORT_MESSAGES.interrupted}]::text[], claimed_by = NULL, updated_at = now()
    WHERE cancelled_at IS NULL AND attempts >= ${maxAttempts}
      AND status IN ('Starting', 'Processing', 'ProcessingReady')
      AND (status = 'Starting' OR heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))
    RETURNING token, file_type`.execute(db);
  await tellLive(
    db,
    result.rows.map((row) => row.token),
  );
  return result.rows.map((row) => fileKeyOf(row.token, row.file_type));
}

/** Claims the oldest waiting job, or one whose worker stopped beating; several instances may race. */
export async function claimNext(db: Db, workerId: string, staleMs: number, maxAttempts: number): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob & { request: JobRequest | string }>`
    UPDATE export_jobs SET status = 'Processing', claimed_by = ${workerId}, heartbeat_at = now(), attempts = attempts + 1,
      ticks = 0, rows_written = 0, updated_at = now()
    WHERE token = (
      SELECT token FROM export_jobs
      WHERE cancelled_at IS NULL AND attempts < ${maxAttempts}
        AND (status = 'Starting' OR (status IN ('Processing', 'ProcessingReady') AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})))
      ORDER BY created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING token, export_type, file_type, request, columns, attempts`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  await tellLive(db, [row.token]);
  return { ...row, request: typeof row.request === 'string' ? (JSON.parse(row.request) as JobRequest) : row.request };
}

/** Progress and liveness; false when the job is no longer this worker's to run (cancelled or taken over). */
export async function heartbeat(db: Db, token: string, workerId: string, rowsWritten: number): Promise<boolean> {
  const result = await db
    .updateTable('export_jobs')
    .set({ ticks: rowsWritten, rows_written: rowsWritten, heartbeat_at: new Date(), updated_at: new Date() })
    .where('token', '=', token)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'Processing')
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Tells the owner's live streams the job's new status (issue 38): the export toast turns Ready on it,
 * without polling while its stream is open. A key's export has no browser to tell.
 */
async function tellLive(db: Db, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  const rows = await db.selectFrom('export_jobs').select(['token', 'owner_user_id', 'export_type', 'status']).where('token', 'in', tokens).execute();
  for (const row of rows)
    await recordLiveEvent(
      db,
      { type: 'export', token: row.token, exportType: row.export_type as ExportType, status: row.status as ExportStatus },
      { ownerUserId: row.owner_user_id },
    );
}

async function transition(db: Db, token: string, workerId: string, from: string, values: Record<string, unknown>): Promise<boolean> {
  const result = await db
    .updateTable('export_jobs')
    .set({ ...values, heartbeat_at: new Date(), updated_at: new Date() })
    .where('token', '=', token)
    .where('claimed_by', '=', workerId)
    .where('status', '=', from)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await tellLive(db, [token]);
  return moved;
}

export const markFinalising = (db: Db, token: string, workerId: string) => transition(db, token, workerId, 'Processing', { status: 'ProcessingReady' });

export const markReady = (db: Db, token: string, workerId: string, fileKey: string) =>
  transition(db, token, workerId, 'ProcessingReady', { status: 'Ready', file_key: fileKey, expires_at: new Date(Date.now() + EXPORT_FILE_TTL_MS) });

export async function markFailed(db: Db, token: string, workerId: string, messages: string[]): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set({ status: 'Failed', error_messages: messages, updated_at: new Date() })
    .where('token', '=', token)
    .where('claimed_by', '=', workerId)
    .where('status', 'in', ['Processing', 'ProcessingReady'])
    .execute();
  await tellLive(db, [token]);
}

/** A worker shutting down hands its job back, so another instance (or the next start) runs it at once. */
export async function releaseJob(db: Db, token: string, workerId: string): Promise<void> {
  await sql`
    UPDATE export_jobs SET status = 'Starting', claimed_by = NULL, heartbeat_at = NULL, attempts = greatest(attempts - 1, 0), ticks = 0, updated_at = now()
    WHERE token = ${token} AND claimed_by = ${workerId} AND status IN ('Processing', 'ProcessingReady') AND cancelled_at IS NULL`.execute(db);
}

/** Cancels for real: Failed "Request cancelled" now; the worker sees it at its next chunk. Returns the file to remove. */
export async function cancelJob(db: Db, token: string, owner: ExportOwner, exportType: ExportType): Promise<{ fileKey: string } | undefined> {
  const { owner_user_id, owner_key_id } = ownerColumns(owner);
  const ownerIs = owner_key_id !== null ? sql`owner_key_id = ${owner_key_id}` : sql`owner_user_id = ${owner_user_id}`;
  const result = await sql<{ token: string; file_type: string }>`
    UPDATE export_jobs SET status = 'Failed', cancelled_at = now(), error_messages = ARRAY[${EXPORT_MESSAGES.cancelled}]::text[], file_key = NULL, updated_at = now()
    WHERE token = ${token} AND ${ownerIs} AND export_type = ${exportType} AND status <> 'Failed' AND downloaded_at IS NULL
    RETURNING token, file_type`.execute(db);
  const row = result.rows[0];
  if (row) await tellLive(db, [row.token]);
  return row ? { fileKey: fileKeyOf(row.token, row.file_type) } : undefined;
}

/** One download: only the first caller gets the file key. */
export async function claimDownload(db: Db, token: string) {
  return db
    .updateTable('export_jobs')
    .set({ downloaded_at: new Date(), updated_at: new Date() })
    .where('token', '=', token)
    .where('status', '=', 'Ready')
    .where('downloaded_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['file_key', 'file_type', 'export_type', 'created_at'])
    .executeTakeFirst();
}

export async function forgetFile(db: Db, token: string): Promise<void> {
  await db.updateTable('export_jobs').set({ file_key: null }).where('token', '=', token).execute();
}

/** Files past their expiry or already served: their keys, no longer referenced, for removal. */
export async function expiredFiles(db: Db): Promise<string[]> {
  const result = await sql<{ file_key: string }>`
    WITH served AS (
      SELECT token, file_key FROM export_jobs
      WHERE file_key IS NOT NULL AND ((status = 'Ready' AND expires_at < now()) OR downloaded_at IS NOT NULL OR status = 'Failed')
      FOR UPDATE SKIP LOCKED)
    UPDATE export_jobs e SET file_key = NULL, updated_at = now() FROM served WHERE e.token = served.token
    RETURNING served.file_key`.execute(db);
  return result.rows.map((row) => row.file_key).filter(Boolean);
}
