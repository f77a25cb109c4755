import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../contract/endpoint';
import { EXPORT_FILE_STEMS, EXPORT_MESSAGES, exportEndpoints, type ExportType } from '../../contract/exports';
import { browserClaims } from '../auth/browser-session';
import { HttpProblem, problems } from '../http/problem';
import { PROBLEM_TYPES } from '../../contract/problem';
import { claimDownload, forgetFile } from './export-jobs';
import { validSignature } from './download-url';

const { downloadExport } = exportEndpoints;

const gone = (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.notFound, title: 'Gone', status: 410, detail });

/** The one route every export shares: the file, once, through its signed url (decision 0125). */
export function registerExportRoutes(app: FastifyInstance): void {
  // Registered directly, not through registerEndpoint: a public file answer is not JSON, and the
  // caller is whoever the browser is (bearer header or access-token cookie), checked below.
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
      const job = await ctx.db.selectFrom('export_jobs').select(['owner_user_id']).where('token', '=', token).executeTakeFirst();
      if (!job || !validSignature(ctx.tokenKey, token, job.owner_user_id, expires, sig)) throw problems.notFound(EXPORT_MESSAGES.notFound);
      if (expires * 1000 <= Date.now()) throw gone(EXPORT_MESSAGES.expired);
      // A signed-in browser must be the owner's; a link opened in someone else's session is refused.
      const user = (await browserClaims(ctx, request))?.userId;
      if (user && user !== job.owner_user_id) throw problems.forbidden('this export belongs to another user');
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
