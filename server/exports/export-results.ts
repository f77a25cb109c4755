import { EXPORT_MESSAGES, type ExportResult, type ExportType } from '../../contract/exports';
import type { AppContext } from '../app-context';
import { problems } from '../http/problem';
import { downloadUrl } from './download-url';
import { findJob, signedOwnerOf, type ExportOwner } from './export-jobs';

/**
 * Spec 3 "Export result" of one of the caller's jobs (a person's own, or a secret key's own), as the caller sees it (spec 4 status table);
 * 404 "export file not found" for anyone else's. The domains' status routes answer with it.
 */
export async function exportResultOf(ctx: AppContext, token: string, owner: ExportOwner, exportType: ExportType): Promise<ExportResult> {
  const job = await findJob(ctx.db, token, owner, exportType);
  if (!job) throw problems.notFound(EXPORT_MESSAGES.notFound);
  const ticks = Number(job.ticks);
  if (job.status !== 'Ready')
    return { statusType: job.status as ExportResult['statusType'], ticks, errorMessages: job.status === 'Failed' ? job.error_messages : [] };
  if (job.downloaded_at) return { statusType: 'Failed', ticks, errorMessages: [EXPORT_MESSAGES.alreadyDownloaded] };
  if (!job.expires_at || job.expires_at.getTime() <= Date.now() || !job.file_key)
    return { statusType: 'Failed', ticks, errorMessages: [EXPORT_MESSAGES.expired] };
  return { statusType: 'Ready', url: downloadUrl(ctx.tokenKey, token, signedOwnerOf(owner), job.expires_at), ticks, errorMessages: [] };
}
