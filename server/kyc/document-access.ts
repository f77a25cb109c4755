import { DOCUMENT_TYPES, type KycDocument } from '../../contract/kyc/documents';
import { expiresAfter, signedLinkQuery, validLinkSignature, type LinkGrant } from '../files/signed-link';

// A document opens through a short-lived signed link bound to the document, the viewer and the
// viewer's session (decision 0185). Nothing in the url identifies the viewer or works as a
// credential: opening it needs the same browser's live session (its access-token cookie), the
// signature must match that session's user and id, and the viewer must still see the group.
// A plain link works in <a>/<img>, where no bearer header can be sent.

export const DOCUMENT_LINK_TTL_SECONDS = 10 * 60;
export const DOCUMENT_FILE_ROUTE = '/files/kyc/:documentId';

/** Who a link is issued to: a user in one session (a Caller is one). */
export interface DocumentViewer {
  userId: string;
  sessionId: string;
}

function grant(documentId: string, viewer: DocumentViewer, expires: number): LinkGrant {
  return { purpose: 'kyc-document', parts: [documentId, viewer.userId, viewer.sessionId], expires };
}

export function documentLink(key: Uint8Array, documentId: string, viewer: DocumentViewer, now = Date.now()): string {
  return `/files/kyc/${documentId}?${signedLinkQuery(key, grant(documentId, viewer, expiresAfter(DOCUMENT_LINK_TTL_SECONDS, now)))}`;
}

export function validDocumentLink(key: Uint8Array, documentId: string, viewer: DocumentViewer, expires: number, sig: string): boolean {
  return validLinkSignature(key, grant(documentId, viewer, expires), sig);
}

export interface DocumentRow {
  id: string;
  merchant_group_id: string;
  document_type: number;
  document_group: string;
  header: string;
  owner_ref: string | null;
  name: string;
  description: string | null;
  content_type: string;
  size_bytes: number;
  status: string;
  uploaded_by: string | null;
  replaced_by: string | null;
  created_at: Date;
}

export function documentAnswer(
  key: Uint8Array,
  row: DocumentRow,
  viewer: DocumentViewer,
  flaggedIds: ReadonlySet<string>,
  replaces: string | null = null,
): KycDocument {
  return {
    documentId: row.id,
    key: `${row.header}/${row.owner_ref ?? '-'}/${row.document_type}`,
    merchantGroupId: row.merchant_group_id,
    documentType: row.document_type,
    documentTypeName: DOCUMENT_TYPES[row.document_type] ?? 'None',
    documentGroup: row.document_group as KycDocument['documentGroup'],
    header: row.header,
    ownerRef: row.owner_ref,
    name: row.name,
    description: row.description,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    status: row.status as KycDocument['status'],
    uploadedAt: row.created_at.toISOString(),
    uploadedBy: row.uploaded_by,
    replacedBy: row.replaced_by,
    replaces,
    accessUrl: documentLink(key, row.id, viewer),
    flagged: flaggedIds.has(row.id),
  };
}
