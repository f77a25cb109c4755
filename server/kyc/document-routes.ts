import type { FastifyInstance } from 'fastify';
import { kycEndpoints } from '../../contract/kyc/endpoints';
import { PROBLEM_TYPES } from '../../contract/problem';
import { loadCaller } from '../auth/caller';
import { sendProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertMaySee } from './group-access';
import { DOCUMENT_FILE_ROUTE, documentAnswer, verifyDocumentToken } from './document-access';
import { cleanName } from './document-name';
import { currentDocuments, loadApplicationState } from './read-model';
import { demoDocumentContent, isDemoDocument } from './demo-document';

// Reading documents: the list of an application's documents and the access url that opens one.
// The upload is in document-upload-route.ts.

/** Header values must be latin-1: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string): string {
  const clean = cleanName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

export function registerDocumentRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerEndpoint(app, kycEndpoints.listKycDocuments, async ({ params, query, caller }) => {
    assertMaySee(caller, params.id);
    const state = await loadApplicationState(ctx.db, params.id);
    const flagged = new Set(state.flags.filter((flag) => flag.resolvedAt === null && flag.targetKind === 'document').map((flag) => flag.target));
    const rows = await currentDocuments(ctx.db, params.id, query.includeHistory ?? false);
    const predecessor = new Map(state.documents.filter((row) => row.replaced_by).map((row) => [row.replaced_by!, row.id]));
    const headers = new Map<string, Awaited<ReturnType<typeof documentAnswer>>[]>();
    for (const row of rows) {
      const list = headers.get(row.header) ?? [];
      list.push(await documentAnswer(ctx.tokenKey, row, caller.userId, flagged, predecessor.get(row.id) ?? null));
      headers.set(row.header, list);
    }
    return { headers: [...headers.entries()].map(([header, documents]) => ({ header, documents })) };
  });

  // The access url: a signed, short-lived link re-checked against the viewer's rights on open.
  app.get<{ Params: { documentId: string }; Querystring: { token?: string } }>(DOCUMENT_FILE_ROUTE, async (request, reply) => {
    const { documentId } = request.params;
    const denied = (status: 401 | 403 | 404, detail: string) =>
      sendProblem(reply, { type: status === 404 ? PROBLEM_TYPES.notFound : status === 401 ? PROBLEM_TYPES.unauthorized : PROBLEM_TYPES.forbidden, title: status === 404 ? 'Not found' : status === 401 ? 'Unauthorized' : 'Forbidden', status, detail });
    const userId = request.query.token ? await verifyDocumentToken(ctx.tokenKey, documentId, request.query.token) : undefined;
    if (!userId) return denied(401, 'this document link is invalid or has expired; open the document again from the application');
    const viewer = await loadCaller(ctx.db, userId, '');
    const document = /^[0-9a-f-]{36}$/i.test(documentId) ? await ctx.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst() : undefined;
    if (!viewer || !document) return denied(404, 'no such document');
    try {
      assertMaySee(viewer, document.merchant_group_id);
    } catch {
      return denied(403, "only the merchant group's users and provider staff may open this document");
    }
    reply
      .header('content-type', document.content_type)
      .header('content-disposition', contentDisposition(document.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (isDemoDocument(document.storage_key)) return reply.send(demoDocumentContent(document.name));
    if ((await ctx.files.size(document.storage_key)) === undefined) return denied(404, 'the file of this document is missing');
    return reply.send(ctx.files.read(document.storage_key));
  });
}
