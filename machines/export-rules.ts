// The export lifecycle's numbers, messages and status table (spec 4 "Export status", spec 5, spec 8
// "Export messages", spec 9). Pure data and functions shared by the export machines, their host and tests.
import { EXPORT_CHUNK_SIZE, EXPORT_MESSAGES, EXPORT_STATUSES, type ExportMessageKey, type ExportStatus, type ExportType } from '../contract/exports';

/** Spec 9: polled every 3000 ms while Starting, Processing or ProcessingReady. */
export const EXPORT_POLL_INTERVAL_MS = 3000;
/** Spec 8/9: the start call is retried 3 times (so 4 calls at most), 1000 ms apart. */
export const EXPORT_START_RETRIES = 3;
export const EXPORT_START_RETRY_DELAY_MS = 1000;
/** Spec 9: a status answer of 'export file not ready' is retried up to 20 times... */
export const EXPORT_STATUS_RETRIES = 20;
/** ...after 10000 ms plus 2000 ms per attempt already retried (0-based, like TanStack Query's failureCount). */
export const EXPORT_STATUS_RETRY_BASE_MS = 10_000;
export const EXPORT_STATUS_RETRY_STEP_MS = 2000;
/** How long the 'export ready' and error states stay on the toast (docs/decisions/0131). Spec 8: error toasts close after 5000 ms. */
export const EXPORT_READY_DISPLAY_MS = 2000;
export const EXPORT_ERROR_DISPLAY_MS = 5000;
/** Spec 9: payout exports are written in chunks of 1000 rows (the contract's number). */
export const PAYOUT_EXPORT_CHUNK_SIZE = EXPORT_CHUNK_SIZE;
/** Spec 9: the name of the localStorage entry holding the tracked export requests. */
export const EXPORT_STORAGE_KEY = 'export-storage';

export function statusRetryDelay(retriesSoFar: number): number {
  return EXPORT_STATUS_RETRY_BASE_MS + EXPORT_STATUS_RETRY_STEP_MS * retriesSoFar;
}

export { EXPORT_MESSAGES, EXPORT_STATUSES, type ExportMessageKey, type ExportStatus, type ExportType };
/** The toast's look (spec 4 table, "Toast state"). */
export type ExportToastState = 'preparing' | 'downloading' | 'error';

/** The i18n key of a known export message, or undefined for a server's own text (shown as it is). */
export function exportMessageKey(message: string): ExportMessageKey | undefined {
  return (Object.keys(EXPORT_MESSAGES) as ExportMessageKey[]).find((key) => EXPORT_MESSAGES[key] === message);
}

/** A tracked export request (spec 3), one per token. */
export interface TrackedExportRequest {
  token: string;
  exportType: ExportType;
  ticks: number;
  status: ExportStatus;
}

/** What the status call answered (spec 3 "Export result"); anything else counts as no result. */
export interface ExportResult {
  statusType: ExportStatus;
  url?: string | null;
  ticks?: number | null;
  errorMessages?: readonly string[] | null;
}

/** The `export-storage` store (spec 3): the tracked requests plus what the toast shows. */
export interface ExportStorage {
  requests: TrackedExportRequest[];
  show: boolean;
  message: string | null;
  /** The toast state. */
  status: ExportToastState | null;
  exportStatus: ExportStatus | null;
  /** The token of the export the toast follows. */
  exportToken: string | null;
}

export const EMPTY_EXPORT_STORAGE: ExportStorage = {
  requests: [],
  show: false,
  message: null,
  status: null,
  exportStatus: null,
  exportToken: null,
};

/** Spec 4 table for the statuses still being polled (Ready without url counts as Processing). */
export function pollingDisplay(status: ExportStatus): { message: string; status: ExportToastState } {
  if (status === 'Starting') return { message: EXPORT_MESSAGES.generating, status: 'preparing' };
  if (status === 'ProcessingReady') return { message: EXPORT_MESSAGES.preparingDownload, status: 'downloading' };
  return { message: EXPORT_MESSAGES.processing, status: 'preparing' };
}

export function isExportResult(value: unknown): value is ExportResult {
  if (!value || typeof value !== 'object') return false;
  const statusType = (value as { statusType?: unknown }).statusType;
  return typeof statusType === 'string' && (EXPORT_STATUSES as readonly string[]).includes(statusType);
}

/** Spec 4: Failed shows the joined error messages, or 'export failed'. */
export function failedMessage(result: ExportResult): string {
  const joined = (result.errorMessages ?? []).filter((text) => text.trim() !== '').join('\n');
  return joined || EXPORT_MESSAGES.failed;
}

/** The message of a thrown error, or the generic 'export error'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return EXPORT_MESSAGES.error;
}
