import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { documentRefsOf, KYC_DOCUMENT_CONTENT_TYPES, KYC_DOCUMENT_MAX_BYTES, KYC_DOCUMENT_SLOTS, KycDocumentUploadFieldsSchema, kycEndpoints } from '../../contract/kyc';
import { PROBLEM_TYPES } from '../../contract/problem';
import { loadCaller } from '../auth/caller';
import { fieldErrors, HttpProblem, problems, sendProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { GROUP_ENTITY } from '../merchant-groups/lifecycle';
import { assertApplicant, assertMaySee } from './group-access';
import { DOCUMENT_FILE_ROUTE, documentAnswer, verifyDocumentToken, type DocumentRow } from './document-access';
import { currentDocuments, loadApplicationState, type ApplicationState } from './read-model';
import { demoDocumentContent, isDemoDocument } from './demo-document';

// Document uploads (spec 3 "Document"; issue 5): the type is read from the content, never the
// name; over the limit is 413, another type 415; nothing is stored unless everything passed
// (docs/decisions/0143-kyc-document-uploads.md).

const MB = KYC_DOCUMENT_MAX_BYTES / 1024 / 1024;

interface Upload {
  fields: Record<string, string>;
  file?: { name: string; content: Buffer };
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw problems.unsupportedMedia('send the document as multipart/form-data with a file part named "file"');
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: KYC_DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 2000 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw problems.tooLarge(`a document may be at most ${MB} MB`);
        upload.file = { name: part.filename, content };
      } else upload.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw problems.tooLarge(`a document may be at most ${MB} MB`);
    throw problems.badRequest(`the upload could not be read: ${(error as Error).message}`);
  }
  return upload;
}

/** A file name safe to show and to send back in Content-Disposition. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200).trim();
  return cleaned || 'document';
}

/** A flagged document, or one held by a field the reviewer flagged, may be replaced in resubmission. */
function mayReplaceInResubmission(state: ApplicationState, documentId: string): boolean {
  const open = state.flags.filter((flag) => flag.resolvedAt === null);
  // A replacement of a flagged document may itself be replaced (a wrong upload redone): walk back the chain.
  const chain = [documentId];
  for (let previous = state.documents.find((row) => row.replaced_by === documentId); previous && chain.length < 100; previous = state.documents.find((row) => row.replaced_by === previous!.id)) chain.push(previous.id);
  if (open.some((flag) => flag.targetKind === 'document' && chain.includes(flag.target))) return true;
  const fieldFlags = open.filter((flag) => flag.targetKind === 'field').map((flag) => flag.target);
  return [...state.checks.entries()].some(([step, check]) =>
    documentRefsOf(step, check.data)
      .filter((ref) => ref.documentId === documentId)
      .some((ref) => fieldFlags.some((flag) => flag === step || `${step}.${ref.path}` === flag || `${step}.${ref.path}`.startsWith(`${flag}.`))),
  );
}

/** Header values must be latin-1: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string): string {
  const clean = cleanName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

export function registerDocumentRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  // The body is multipart, read from the parts below; the contract's body is there for OpenAPI and the client.
  registerEndpoint(app, { ...kycEndpoints.uploadKycDocument, body: undefined }, async ({ params, caller, request }) => {
    assertApplicant(caller, params.id);
    const upload = await readUpload(request);
    const parsed = KycDocumentUploadFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) throw problems.validation(fieldErrors(parsed.error));
    if (!upload.file || upload.file.content.length === 0) throw problems.validation({ file: ['kyc.validation.fileRequired'] });
    const detected = await fileTypeFromBuffer(upload.file.content);
    if (!detected || !(KYC_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(detected.mime))
      throw problems.unsupportedMedia(`only PDF, JPEG or PNG documents are accepted; this file's content is ${detected?.mime ?? 'not a recognised type'}`);
    const fields = parsed.data;
    // The document must fit a slot of its section: right type, right group, and a person/account for list slots.
    const slot = KYC_DOCUMENT_SLOTS[fields.header].find((entry) => entry.documentType === fields.documentType);
    if (!slot) throw problems.validation({ documentType: ['kyc.validation.documentWrongType'] }, `document type ${fields.documentType} does not belong to ${fields.header}`);
    if (slot.documentGroup !== fields.documentGroup) throw problems.validation({ documentGroup: ['kyc.validation.documentGroup'] }, `this document belongs to group ${slot.documentGroup}`);
    if (slot.list && !fields.ownerRef && !fields.replacesDocumentId) throw problems.validation({ ownerRef: ['kyc.validation.id'] }, `name the ${slot.list.ownerKey} this document belongs to`);
    const state = await loadApplicationState(ctx.db, params.id);
    if (state.tracking.mode === 'readOnly') throw problems.conflict(`the application is ${state.group.status}: documents cannot be changed now`);
    let replaced: DocumentRow | undefined;
    if (fields.replacesDocumentId) {
      replaced = state.documents.find((row) => row.id === fields.replacesDocumentId && row.replaced_by === null);
      if (!replaced) throw problems.notFound('the document to replace is not a current document of this application');
      if (replaced.document_type !== fields.documentType) throw problems.validation({ documentType: ['kyc.validation.sameDocumentType'] });
      if (state.tracking.mode === 'resubmission' && !mayReplaceInResubmission(state, replaced.id)) throw problems.conflict('only the documents the reviewer flagged can be replaced now');
    }
    const id = randomUUID();
    const storageKey = `kyc/${params.id}/${id}`;
    await ctx.files.write(storageKey, upload.file.content);
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('documents')
          .values({
            id,
            merchant_group_id: params.id,
            document_type: fields.documentType,
            document_group: fields.documentGroup,
            header: fields.header,
            owner_ref: fields.ownerRef ?? replaced?.owner_ref ?? null,
            name: cleanName(upload.file!.name),
            description: fields.description || null,
            storage_key: storageKey,
            content_type: detected.mime,
            size_bytes: upload.file!.content.length,
            sha256: createHash('sha256').update(upload.file!.content).digest('hex'),
            uploaded_by: caller.userId,
          })
          .execute();
        if (replaced) {
          await trx.updateTable('documents').set({ replaced_by: id }).where('id', '=', replaced.id).execute();
          // Drafts that pointed at the old document now point at its replacement (ids are unique uuids).
          const drafts = await trx.selectFrom('kyc_step_drafts').select(['step', 'data']).where('application_id', '=', state.application.id).execute();
          for (const draft of drafts) {
            const text = JSON.stringify(draft.data);
            if (!text.includes(replaced.id)) continue;
            await trx.updateTable('kyc_step_drafts').set({ data: text.split(replaced.id).join(id) }).where('application_id', '=', state.application.id).where('step', '=', draft.step).execute();
          }
          // Reviewers see in the trail what changed since their request.
          await trx
            .insertInto('audit_log')
            .values({ actor_user_id: caller.userId, action: 'kyc.replaceDocument', entity_type: GROUP_ENTITY, entity_id: params.id, detail: JSON.stringify({ replaced: replaced.id, by: id, documentType: fields.documentType, name: cleanName(upload.file!.name) }) })
            .execute();
        }
      });
    } catch (error) {
      await ctx.files.remove(storageKey);
      throw error;
    }
    const row = (await ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as DocumentRow;
    return documentAnswer(ctx.tokenKey, row, caller.userId, new Set(), replaced?.id ?? null);
  });

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
