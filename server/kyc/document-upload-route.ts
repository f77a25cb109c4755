import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  documentRefsOf,
  KYC_DOCUMENT_CONTENT_TYPES,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_SLOTS,
  KycDocumentUploadFieldsSchema,
} from '../../contract/kyc/documents';
import { kycEndpoints } from '../../contract/kyc/endpoints';
import { anyFieldFlagOpens, replacementChain } from '../../contract/kyc/resubmission';
import { fieldErrors, HttpProblem, problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { GROUP_ENTITY } from '../merchant-groups/lifecycle';
import { documentAnswer, type DocumentRow } from './document-access';
import { cleanName } from '../files/upload-name';
import { assertApplicant } from './group-access';
import { loadApplicationState, type ApplicationState } from './read-model';

// Document uploads (spec 3 "Document"; issue 5): the type is read from the content, never the
// name; over the limit is 413, another type 415; nothing is stored unless everything passed
// (docs/decisions/0143-kyc-document-uploads.md).

const MB = KYC_DOCUMENT_MAX_BYTES / 1024 / 1024;
/** The fields an upload may carry besides its file: those of the upload schema, each once. */
const UPLOAD_FIELDS = Object.keys(KycDocumentUploadFieldsSchema.shape);
const FIELD_MAX_CHARS = 2000;

interface Upload {
  fields: Record<string, string>;
  file?: { name: string; content: Buffer };
}

/**
 * The multipart plugin answers every limit with 413; only the file's size is about size. The
 * others say what is wrong with the request's shape, so the caller can fix it (issue 12).
 */
function limitProblem(error: unknown): HttpProblem | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return problems.tooLarge(`a document may be at most ${MB} MB`);
  if (code === 'FST_FILES_LIMIT') return problems.badRequest('send exactly one file part, named "file"; this upload has more than one');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return problems.badRequest(`too many fields: an upload carries at most ${UPLOAD_FIELDS.length} fields besides its file (${UPLOAD_FIELDS.join(', ')})`);
  return undefined;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw problems.unsupportedMedia('send the document as multipart/form-data with a file part named "file"');
  const upload: Upload = { fields: {} };
  const limits = { fileSize: KYC_DOCUMENT_MAX_BYTES, files: 1, fields: UPLOAD_FIELDS.length, fieldSize: FIELD_MAX_CHARS, parts: UPLOAD_FIELDS.length + 1 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw problems.badRequest(`the file part must be named "file", not "${part.fieldname.slice(0, 50)}"`);
        const content = await part.toBuffer();
        if (part.file.truncated) throw problems.tooLarge(`a document may be at most ${MB} MB`);
        upload.file = { name: part.filename, content };
        continue;
      }
      if (Object.hasOwn(upload.fields, part.fieldname)) throw problems.badRequest(`the field ${part.fieldname.slice(0, 50)} is sent more than once`);
      if (part.valueTruncated)
        throw problems.validation({ [part.fieldname]: ['kyc.validation.tooLong'] }, `a field may hold at most ${FIELD_MAX_CHARS} characters`);
      upload.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const limit = limitProblem(error);
    if (limit) throw limit;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw problems.tooLarge('the upload is too large');
    throw problems.badRequest(`the upload could not be read: ${(error as Error).message}`);
  }
  return upload;
}

/** A flagged document, or one held by a field the reviewer flagged, may be replaced in resubmission. */
function mayReplaceInResubmission(state: ApplicationState, documentId: string): boolean {
  const open = state.flags.filter((flag) => flag.resolvedAt === null);
  const chain = replacementChain(documentId, (id) => state.documents.find((row) => row.replaced_by === id)?.id);
  if (open.some((flag) => flag.targetKind === 'document' && chain.includes(flag.target))) return true;
  const fieldFlags = open.filter((flag) => flag.targetKind === 'field').map((flag) => flag.target);
  return [...state.checks.entries()].some(([step, check]) =>
    documentRefsOf(step, check.data).some((ref) => ref.documentId === documentId && anyFieldFlagOpens(fieldFlags, step, ref.path)),
  );
}

/** `POST .../documents`: one document of the application, read from a multipart upload. */
export function registerDocumentUploadRoute(app: FastifyInstance): void {
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
      throw problems
        .unsupportedMedia(`only PDF, JPEG or PNG documents are accepted; this file's content is ${detected?.mime ?? 'not a recognised type'}`)
        .withCode('kycDocument.typeNotAccepted');
    const fields = parsed.data;
    // The document must fit a slot of its section: right type, right group, and a person/account for list slots.
    const slot = KYC_DOCUMENT_SLOTS[fields.header].find((entry) => entry.documentType === fields.documentType);
    if (!slot)
      throw problems.validation(
        { documentType: ['kyc.validation.documentWrongType'] },
        `document type ${fields.documentType} does not belong to ${fields.header}`,
      );
    if (slot.documentGroup !== fields.documentGroup)
      throw problems.validation({ documentGroup: ['kyc.validation.documentGroup'] }, `this document belongs to group ${slot.documentGroup}`);
    if (slot.list && !fields.ownerRef && !fields.replacesDocumentId)
      throw problems.validation({ ownerRef: ['kyc.validation.id'] }, `name the ${slot.list.ownerKey} this document belongs to`);
    const state = await loadApplicationState(ctx.db, params.id);
    if (state.tracking.mode === 'readOnly')
      throw problems
        .conflict(`the application is ${state.group.status}: documents cannot be changed now`)
        .withCode('kycApplication.cannotChangeNow', { status: state.group.status });
    let replaced: DocumentRow | undefined;
    if (fields.replacesDocumentId) {
      replaced = state.documents.find((row) => row.id === fields.replacesDocumentId && row.replaced_by === null);
      if (!replaced) throw problems.notFound('the document to replace is not a current document of this application');
      if (replaced.document_type !== fields.documentType) throw problems.validation({ documentType: ['kyc.validation.sameDocumentType'] });
      if (state.tracking.mode === 'resubmission' && !mayReplaceInResubmission(state, replaced.id))
        throw problems.conflict('only the documents the reviewer flagged can be replaced now').withCode('kycDocument.onlyFlaggedReplaced');
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
            await trx
              .updateTable('kyc_step_drafts')
              .set({ data: text.split(replaced.id).join(id) })
              .where('application_id', '=', state.application.id)
              .where('step', '=', draft.step)
              .execute();
          }
          // Reviewers see in the trail what changed since their request.
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: caller.userId,
              action: 'kyc.replaceDocument',
              entity_type: GROUP_ENTITY,
              entity_id: params.id,
              detail: JSON.stringify({ replaced: replaced.id, by: id, documentType: fields.documentType, name: cleanName(upload.file!.name) }),
            })
            .execute();
        }
      });
    } catch (error) {
      await ctx.files.remove(storageKey);
      throw error;
    }
    const row = (await ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as DocumentRow;
    return documentAnswer(ctx.tokenKey, row, caller, new Set(), replaced?.id ?? null);
  });
}
