import { queryOptions } from '@tanstack/react-query';
import type { KycDocumentUploadFields } from '../../../contract/kyc/documents';
import { kycEndpoints } from '../../../contract/kyc/endpoints';
import type { KycStepId } from '../../../contract/kyc/steps';
import { merchantGroupEndpoints } from '../../../contract/merchant-groups';
import { call } from '../../lib/api-client';

const { getKycConfirmation: getConfirmation, saveKycStep: saveStep, submitKycApplication: submitApplication, uploadKycDocument: uploadDocument } = kycEndpoints;
const preInit = merchantGroupEndpoints.preInitMerchantGroup;

export const kycKeys = {
  group: ['kyc', 'my-group'] as const,
  application: (groupId: string) => ['kyc', 'application', groupId] as const,
};

/** The applicant's own merchant group; pre-init opens the application when it does not exist yet. */
export const myGroupQuery = () => queryOptions({ queryKey: kycKeys.group, queryFn: () => call(preInit, { body: {} }), staleTime: Infinity, retry: 1 });

/** The whole application: step drafts, documents, flags, mode and the step to resume at. */
export const applicationQuery = (groupId: string) =>
  queryOptions({
    queryKey: kycKeys.application(groupId),
    queryFn: () => call(getConfirmation, { params: { id: groupId }, query: { includeEmptyRow: 'true' } }),
    // Loading the wizard refetches on purpose; saves and uploads update this cache themselves.
    staleTime: Infinity,
    // The wizard machine owns failure handling (loadFailed with a retry button), so no silent retry
    // and no error toast beside its own message.
    retry: false,
    meta: { errorToast: false },
  });

export function saveKycStep(groupId: string, step: KycStepId, data: Record<string, unknown>) {
  return call(saveStep, { params: { id: groupId }, body: { step, data } });
}

export function submitKycApplication(groupId: string) {
  return call(submitApplication, { params: { id: groupId } });
}

export function uploadKycDocument(groupId: string, fields: KycDocumentUploadFields, file: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  form.append('file', file, file.name);
  return call(uploadDocument, { params: { id: groupId }, body: form });
}
