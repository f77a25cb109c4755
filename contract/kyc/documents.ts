import { z } from 'zod';
import { safeText } from '../text';
import { kycMessage } from './messages';
import type { KycStepId } from './steps';

// Spec 3 "Document", enumerations "Document types 0-16", document groups and KYC document
// statuses; which step field holds which kind of document (decision 0143).

export const DOCUMENT_TYPES = [
  'None',
  'CertificateOfIncorporation',
  'BusinessRegistrationDocument',
  'MemorandumAndArticleOfAssociation',
  'LicenseToOperate',
  'ProofOfPrincipalPlaceOfBusiness',
  'CorporationOwnershipStructure',
  'RecentStatementFromCurrentPaymentProcessor',
  'BankAccountStatement',
  'DelegationOfAuthorityForTheAuthorisedSignatory',
  'ProofOfAddress',
  'ProofOfIdentity',
  'ProofOfIdOfAuthorizedSignitory',
  'ProofOfAddressOfAuthorizedSignitory',
  'IdDocumentOfPerson',
  'BrandAssetLogo',
  'BrandAssetImage',
] as const;
/** The numeric document type (0-16) is what the API carries; DOCUMENT_TYPES[n] names it. */
export const DocumentTypeSchema = z.coerce
  .number({ error: 'kyc.validation.documentType' })
  .int({ error: 'kyc.validation.documentType' })
  .min(0, { error: 'kyc.validation.documentType' })
  .max(16, { error: 'kyc.validation.documentType' });

export const DOCUMENT_GROUPS = ['Merchant', 'Settlement', 'UBO', 'ProofOfPaymentProcessor', 'BrandAsset'] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
export const DocumentGroupSchema = z.enum(DOCUMENT_GROUPS, { error: 'kyc.validation.documentGroup' });

export const KYC_DOCUMENT_STATUSES = ['Created', 'InProgress', 'Waited', 'Failed', 'Completed', 'Approved'] as const;
export const KycDocumentStatusSchema = z.enum(KYC_DOCUMENT_STATUSES);

/** Accepted by content (file-type), not by name; docs/decisions/0143-kyc-document-uploads.md. */
export const KYC_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Spec 3 "Photo rules for ID uploads", as i18n keys. */
export const ID_PHOTO_RULES = [
  'kyc.photoRules.noScreenshots',
  'kyc.photoRules.noHiddenCorner',
  'kyc.photoRules.notBlackAndWhite',
  'kyc.photoRules.notCovered',
  'kyc.photoRules.notBlurry',
] as const;

/** Steps that take documents; the header of a KYC document is the step it belongs to. */
export const DOCUMENT_HEADERS = ['company-details', 'company-stakeholders', 'processing-details', 'settlement-accounts', 'authorised-signatory'] as const;
export const DocumentHeaderSchema = z.enum(DOCUMENT_HEADERS, { error: 'kyc.validation.documentHeader' });
export type DocumentHeader = (typeof DOCUMENT_HEADERS)[number];

/** Multipart fields of an upload (the file part is named `file`). */
export const KycDocumentUploadFieldsSchema = z.object({
  documentType: DocumentTypeSchema,
  documentGroup: DocumentGroupSchema,
  header: DocumentHeaderSchema,
  /** The person (uboId) or account (accountId) the document belongs to, for list sections. */
  ownerRef: z.uuid({ error: 'kyc.validation.id' }).optional(),
  description: safeText(kycMessage('unsafeText')).trim().max(300, { error: 'kyc.validation.tooLong' }).optional(),
  /** Uploading a replacement keeps the old document as history and repoints the step drafts. */
  replacesDocumentId: z.uuid({ error: 'kyc.validation.id' }).optional(),
});
export type KycDocumentUploadFields = z.input<typeof KycDocumentUploadFieldsSchema>;

export const KycDocumentSchema = z.object({
  documentId: z.uuid(),
  /** Slot key `<header>/<ownerRef or ->/<documentType>`: where the document sits in the application. */
  key: z.string(),
  merchantGroupId: z.uuid(),
  documentType: z.number().int(),
  documentTypeName: z.enum(DOCUMENT_TYPES),
  documentGroup: DocumentGroupSchema,
  header: z.string(),
  ownerRef: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: KycDocumentStatusSchema,
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  /** Set when a newer upload replaced this one (history). */
  replacedBy: z.uuid().nullable(),
  /** The document this one replaced, if any (walk back to find what a reviewer flagged). */
  replaces: z.uuid().nullable(),
  /** Signed url for this viewer's session, ten minutes (`expires` in its query); opens in that session's browser, for the owner group's users and provider staff only (decision 0185). */
  accessUrl: z.string(),
  flagged: z.boolean(),
});
export type KycDocument = z.infer<typeof KycDocumentSchema>;

export const KycDocumentListSchema = z.object({
  headers: z.array(z.object({ header: z.string(), documents: z.array(KycDocumentSchema) })),
});

// ---- Document slots: which step field holds which kind of document ----

export interface KycDocumentSlot {
  field: string;
  /** For list steps: the list and the key of each entry (the document's ownerRef). */
  list?: { name: 'stakeholders' | 'accounts'; ownerKey: 'uboId' | 'accountId' };
  documentType: number;
  documentGroup: DocumentGroup;
  required: boolean;
}
export const KYC_DOCUMENT_SLOTS: Record<KycStepId, readonly KycDocumentSlot[]> = {
  'application-overview': [],
  'company-details': [
    { field: 'certificateOfIncorporationDocumentId', documentType: 1, documentGroup: 'Merchant', required: true },
    { field: 'businessRegistrationDocumentId', documentType: 2, documentGroup: 'Merchant', required: false },
    { field: 'memorandumDocumentId', documentType: 3, documentGroup: 'Merchant', required: false },
    { field: 'licenseToOperateDocumentId', documentType: 4, documentGroup: 'Merchant', required: false },
    { field: 'proofOfPrincipalPlaceOfBusinessDocumentId', documentType: 5, documentGroup: 'Merchant', required: true },
  ],
  'business-information': [],
  'sanctions-exposure': [],
  'company-stakeholders': [
    { field: 'ownershipStructureDocumentId', documentType: 6, documentGroup: 'Merchant', required: true },
    { field: 'proofOfAddressDocumentId', list: { name: 'stakeholders', ownerKey: 'uboId' }, documentType: 10, documentGroup: 'UBO', required: true },
    { field: 'proofOfIdentityDocumentId', list: { name: 'stakeholders', ownerKey: 'uboId' }, documentType: 11, documentGroup: 'UBO', required: true },
  ],
  'processing-details': [{ field: 'processorStatementDocumentId', documentType: 7, documentGroup: 'ProofOfPaymentProcessor', required: false }],
  'settlement-accounts': [
    { field: 'bankStatementDocumentId', list: { name: 'accounts', ownerKey: 'accountId' }, documentType: 8, documentGroup: 'Settlement', required: true },
  ],
  'authorised-signatory': [
    { field: 'proofOfIdentityDocumentId', documentType: 12, documentGroup: 'UBO', required: true },
    { field: 'proofOfAddressDocumentId', documentType: 13, documentGroup: 'UBO', required: true },
    { field: 'delegationOfAuthorityDocumentId', documentType: 9, documentGroup: 'Merchant', required: false },
  ],
};

/** Every document id a step's data refers to, with the path of the field and the slot it fills. */
export function documentRefsOf(step: KycStepId, data: unknown): Array<{ path: string; documentId: string; slot: KycDocumentSlot; ownerRef: string | null }> {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const refs: Array<{ path: string; documentId: string; slot: KycDocumentSlot; ownerRef: string | null }> = [];
  for (const slot of KYC_DOCUMENT_SLOTS[step]) {
    if (!slot.list) {
      const value = record[slot.field];
      if (typeof value === 'string' && value !== '') refs.push({ path: slot.field, documentId: value, slot, ownerRef: null });
      continue;
    }
    const entries = record[slot.list.name];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: Record<string, unknown> | null, index) => {
      const value = entry?.[slot.field];
      const owner = entry?.[slot.list!.ownerKey];
      if (typeof value === 'string' && value !== '')
        refs.push({ path: `${slot.list!.name}.${index}.${slot.field}`, documentId: value, slot, ownerRef: typeof owner === 'string' ? owner : null });
    });
  }
  return refs;
}
