import { jwtVerify, SignJWT } from 'jose';
import { DOCUMENT_TYPES, type KycDocument } from '../../contract/kyc/documents';

// Documents are opened through a short-lived signed url naming the document and the user it was
// issued to; opening it re-checks that this user may still see the group (owner group or provider
// staff). A plain link works in <a>/<img> where no bearer header can be sent
// (docs/decisions/0143-kyc-document-uploads.md).

export const DOCUMENT_URL_TTL_SECONDS = 15 * 60;
export const DOCUMENT_FILE_ROUTE = '/files/kyc/:documentId';
const PURPOSE = 'kyc-document';

export async function signDocumentUrl(key: Uint8Array, documentId: string, userId: string): Promise<string> {
  const token = await new SignJWT({ doc: documentId, purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('folio')
    .setIssuedAt()
    .setExpirationTime(`${DOCUMENT_URL_TTL_SECONDS}s`)
    .sign(key);
  return `/files/kyc/${documentId}?token=${token}`;
}

export async function verifyDocumentToken(key: Uint8Array, documentId: string, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'folio', algorithms: ['HS256'] });
    if (payload.purpose !== PURPOSE || payload.doc !== documentId || typeof payload.sub !== 'string') return undefined;
    return payload.sub;
  } catch {
    return undefined;
  }
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

export async function documentAnswer(key: Uint8Array, row: DocumentRow, viewerId: string, flaggedIds: ReadonlySet<string>, replaces: string | null = null): Promise<KycDocument> {
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
    accessUrl: await signDocumentUrl(key, row.id, viewerId),
    flagged: flaggedIds.has(row.id),
  };
}
