import { createContext, useContext } from 'react';
import type { KycDocument, KycDocumentUploadFields } from '../../../../contract/kyc/documents';

/** The application's documents and the upload call, provided by the step screen. */
export interface KycDocuments {
  documents: readonly KycDocument[];
  upload(fields: KycDocumentUploadFields, file: File): Promise<KycDocument>;
}

export const KycDocumentsContext = createContext<KycDocuments>({
  documents: [],
  upload: () => Promise.reject(new Error('no application loaded')),
});

export function useKycDocuments(): KycDocuments {
  return useContext(KycDocumentsContext);
}
