import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../contract/endpoint';
import { EXPORT_FILE_STEMS, EXPORT_MESSAGES, exportEndpoints, type ExportType } from '../../contract/exports';
import { callerOfSecretKey, looksLikeSecretKey } from '../auth/api-key-caller';
import { browserClaims, isSessionLive } from '../auth/browser-session';
import { HttpProblem, problems } from '../http/problem';
import { PROBLEM_TYPES } from '../../contract/problem';
import type { AppContext } from '../app-context';
import type { FastifyRequest } from 'fastify';
import { claimDownload, forgetFile, ownerOfRow, signedOwnerOf, type ExportOwner } from './export-jobs';
import { validSignature } from './download-url';

const { downloadExport } = exportEndpoints;

const gone = (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.notFound, title: 'Gone', status: 410, detail });

const SIGN_IN_TO_DOWNLOAD = 'sign in to download your export: the link opens only in the session that asked for it';

/**
 * The link opens only for its owner, now (decision 0371): a person's export for that person's live
 * session in this browser (bearer header or access-token cookie), so it dies at sign-out; a key's
 * export for that very key in the bearer header, while the key is live. Everyone else is refused.
 */
async function refuseUnlessOwnerOpens(ctx: AppContext, request: FastifyRequest, owner: ExportOwner): Promise<void> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer && looksLikeSecretKey(bearer)) {
    const key = await callerOfSecretKey(ctx.db, bearer);
    if (!key) throw problems.unauthorized('the secret key is unknown, revoked or expired');
    if (typeof owner === 'string' || owner.keyId !== key.keyId) throw problems.forbidden('this export belongs to someone else');
    return;
  }
  const claims = await browserClaims(ctx, request);
  if (!claims) throw problems.unauthorized(SIGN_IN_TO_DOWNLOAD);
  if (!(await isSessionLive(ctx.db, claims.sessionId))) throw problems.unauthorized('your session has ended; sign in again and ask for the export again');
  if (owner !== claims.userId) throw problems.forbidden('this export belongs to someone else');
  const user = await ctx.db.selectFrom('users').select('disabled').where('id', '=', claims.userId).executeTakeFirst();
  if (!user || user.disabled) throw problems.unauthorized('the account is disabled');
}

/** The one route every export shares: the file, once, through its signed url (decision 0125). */
export function registerExportRoutes(app: FastifyInstance): void {
  // Registered directly, not through registerEndpoint: a file answer is not JSON, and the caller is
  // whoever the browser is (bearer header or access-token cookie), or a key's bearer, checked above.
  app.route({
    method: 'GET',
    url: routerPath(downloadExport.path),
    handler: async (request, reply) => {
      const ctx = app.ctx;
      const params = downloadExport.params.safeParse(request.params);
      const query = downloadExport.query.safeParse(request.query);
      if (!params.success || !query.success) throw problems.notFound(EXPORT_MESSAGES.notFound);
      const { token } = params.data;
      const { expires, sig } = query.data;
      const job = await ctx.db.selectFrom('export_jobs').select(['owner_user_id', 'owner_key_id']).where('token', '=', token).executeTakeFirst();
      const owner = job && ownerOfRow(job);
      if (!owner || !validSignature(ctx.tokenKey, token, signedOwnerOf(owner), expires, sig)) throw problems.notFound(EXPORT_MESSAGES.notFound);
      if (expires * 1000 <= Date.now()) throw gone(EXPORT_MESSAGES.expired);
      await refuseUnlessOwnerOpens(ctx, request, owner);
      const served = await claimDownload(ctx.db, token);
      if (!served?.file_key) throw gone(EXPORT_MESSAGES.alreadyDownloaded);
      const key = served.file_key;
      const size = await ctx.files.size(key);
      if (size === undefined) throw gone(EXPORT_MESSAGES.notFound);
      const stamp = served.created_at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
      const name = `${EXPORT_FILE_STEMS[served.export_type as ExportType] ?? 'export'}-${stamp}.${served.file_type}`;
      const stream = ctx.files.read(key);
      // Served once: the file goes as soon as it has been read (or the transfer was abandoned).
      stream.on('close', () => {
        void ctx.files
          .remove(key)
          .then(() => forgetFile(ctx.db, token))
          .catch(() => undefined);
      });
      return reply
        .status(200)
        .header('content-type', served.file_type === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', String(size))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
