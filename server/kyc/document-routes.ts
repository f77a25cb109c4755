import type { FastifyInstance } from 'fastify';
import { kycEndpoints } from '../../contract/kyc/endpoints';
import { PROBLEM_TYPES } from '../../contract/problem';
import { browserClaims, isSessionLive } from '../auth/browser-session';
import { loadCaller } from '../auth/caller';
import { linkExpired } from '../files/signed-link';
import { sendProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertMaySee } from '../merchant-groups/group-access';
import { DOCUMENT_FILE_ROUTE, documentAnswer, validDocumentLink } from './document-access';
import { cleanName } from '../files/upload-name';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DENIED_TYPES = { 401: PROBLEM_TYPES.unauthorized, 403: PROBLEM_TYPES.forbidden, 404: PROBLEM_TYPES.notFound, 410: PROBLEM_TYPES.notFound } as const;
const DENIED_TITLES = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not found', 410: 'Gone' } as const;

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
      list.push(documentAnswer(ctx.tokenKey, row, caller, flagged, predecessor.get(row.id) ?? null));
      headers.set(row.header, list);
    }
    return { headers: [...headers.entries()].map(([header, documents]) => ({ header, documents })) };
  });

  // The access url (decision 0185): signed for this document, this user and this session, short-lived,
  // and opened only by the browser holding that live session, while the user may still see the group.
  app.get<{ Params: { documentId: string }; Querystring: { expires?: string; sig?: string } }>(DOCUMENT_FILE_ROUTE, async (request, reply) => {
    const { documentId } = request.params;
    const denied = (status: 401 | 403 | 404 | 410, detail: string) =>
      sendProblem(reply, { type: DENIED_TYPES[status], title: DENIED_TITLES[status], status, detail });
    const expires = Number(request.query.expires);
    const sig = request.query.sig;
    if (!UUID.test(documentId) || !Number.isInteger(expires) || typeof sig !== 'string') return denied(404, 'no such document link');
    const claims = await browserClaims(ctx, request);
    if (!claims) return denied(401, 'sign in, then open the document again from the application');
    if (!(await isSessionLive(ctx.db, claims.sessionId))) return denied(401, 'your session has ended; sign in again to open the document');
    if (!validDocumentLink(ctx.tokenKey, documentId, claims, expires, sig))
      return denied(403, 'this document link was issued to another sign-in; open the document from the application');
    if (linkExpired(expires)) return denied(410, 'this document link has expired; open the document again from the application');
    const viewer = await loadCaller(ctx.db, claims.userId, claims.sessionId);
    if (!viewer) return denied(401, 'the account is disabled');
    const document = await ctx.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
    if (!document) return denied(404, 'no such document');
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
