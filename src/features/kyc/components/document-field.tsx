import { get, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TYPES,
  KYC_DOCUMENT_CONTENT_TYPES,
  KYC_DOCUMENT_MAX_BYTES,
  type KycDocumentSlot,
  type DocumentHeader,
} from '../../../../contract/kyc/documents';
import type { KycStepId } from '../../../../contract/kyc/steps';
import { freshDocumentUrl } from '../../../lib/document-links';
import { DocumentUpload } from './document-upload';
import { useKycDocuments } from './documents-context';

/** Identity documents get the photo rules beside the picker (spec 3). */
const ID_DOCUMENT_TYPES = new Set([11, 12, 14]);

interface DocumentFieldProps {
  step: DocumentHeader;
  slot: KycDocumentSlot;
  /** Dotted form path of the field holding the document id. */
  path: string;
  /** uboId / accountId of the list entry the document belongs to. */
  ownerRef?: string;
  label?: string;
}

/**
 * A document slot of a step form: uploads the file (replacing the one in the slot, so the old one
 * stays as history) and puts the new document id into the form field.
 */
export function DocumentField({ step, slot, path, ownerRef, label }: DocumentFieldProps) {
  const { t } = useTranslation();
  const { control, setValue, formState } = useFormContext();
  const { documents, upload } = useKycDocuments();
  const documentId = useWatch({ control, name: path }) as string | undefined;
  const current = documentId ? documents.find((document) => document.documentId === documentId) : undefined;
  const error = get(formState.errors, path) as FieldError | undefined;
  const typeName = DOCUMENT_TYPES[slot.documentType] ?? 'None';

  async function onUpload(file: File) {
    const document = await upload(
      {
        documentType: slot.documentType,
        documentGroup: slot.documentGroup,
        header: step,
        ownerRef,
        replacesDocumentId: documentId || undefined,
      },
      file,
    );
    setValue(path, document.documentId, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  }

  return (
    <DocumentUpload
      path={path}
      label={`${label ?? t(`kyc.documents.types.${typeName}`)}${slot.required ? ' *' : ''}`}
      document={
        current
          ? {
              id: current.documentId,
              name: current.name,
              status: current.status,
              link: { href: current.accessUrl, renew: () => freshDocumentUrl(current.merchantGroupId, current.documentId) },
            }
          : documentId
            ? { id: documentId, name: t('kyc.documents.uploaded'), status: 'Created' }
            : undefined
      }
      onUpload={onUpload}
      photoRules={ID_DOCUMENT_TYPES.has(slot.documentType)}
      accept={KYC_DOCUMENT_CONTENT_TYPES.join(',')}
      maxBytes={KYC_DOCUMENT_MAX_BYTES}
      error={error?.message ? t(error.message) : undefined}
    />
  );
}

export function slotOf(step: KycStepId, field: string, slots: readonly KycDocumentSlot[]): KycDocumentSlot {
  const slot = slots.find((entry) => entry.field === field);
  if (!slot) throw new Error(`no document slot ${field} on ${step}`);
  return slot;
}
