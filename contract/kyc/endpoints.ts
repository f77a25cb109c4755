import { z } from 'zod';
import { defineEndpoint, endpointTable } from '../endpoint';
import { MERCHANT_API } from '../product';
import { KycApplicationSchema, KycFieldErrorsSchema, KycStepStateSchema, KycWarningSchema, OnboardingTrackingSchema } from './application';
import { KYC_DOCUMENT_MAX_BYTES, KycDocumentListSchema, KycDocumentSchema } from './documents';
import { KycFlagSchema, KycTransitionBodySchema } from './review';
import { KycStepIdSchema } from './steps';

// Spec 7 calls of KYC (decision 0144): the confirmation (wizard) calls, onboarding tracking, the
// review page and its actions, and the documents.

/** A draft may be incomplete: it is stored as given and its validity computed with the step schema. */
export const SaveStepBodySchema = z.object({
  step: KycStepIdSchema,
  data: z.record(z.string(), z.unknown(), { error: 'kyc.validation.stepData' }),
});
export const SaveStepAnswerSchema = z.object({
  step: KycStepIdSchema,
  valid: z.boolean(),
  errors: KycFieldErrorsSchema,
  warnings: z.array(KycWarningSchema),
  savedAt: z.string(),
  /** Every step's state after the save, so the wizard can update its progress. */
  steps: z.array(KycStepStateSchema),
  canSubmit: z.boolean(),
  /** The review flags after the save: a flagged field changed is no longer outstanding (decision 0703). */
  flags: z.array(KycFlagSchema),
});
export type SaveStepAnswer = z.infer<typeof SaveStepAnswerSchema>;

export const ValidateStepAnswerSchema = SaveStepAnswerSchema.pick({ step: true, valid: true, errors: true, warnings: true });

const GroupIdParams = z.object({ id: z.uuid({ error: 'kyc.validation.id' }) });
const KYC = `${MERCHANT_API}/kyc`;
const READ = { resource: 'KYCApplications', action: 'Read' } as const;
const UPDATE = { resource: 'KYCApplications', action: 'Update' } as const;
/** Review actions need Approve: provider reviewers hold it, the applicant (RIU) does not. */
const REVIEW = { resource: 'KYCApplications', action: 'Approve' } as const;

// Every `{id}` below is the merchant group id (one application per group). Mapping of the spec 7
// merchant confirmation / onboarding-tracking calls: docs/decisions/0144-kyc-api-mapping.md.
export const kycEndpoints = endpointTable([
  defineEndpoint({
    id: 'getKycConfirmation',
    method: 'GET',
    path: `${MERCHANT_API}/merchants/confirmation/{id}`,
    summary:
      'The KYC application of a merchant group (own group, or provider staff); includeEmptyRow adds one empty stakeholder/account row to unsaved list steps',
    access: READ,
    params: GroupIdParams,
    query: z.object({
      includeEmptyRow: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional(),
    }),
    response: KycApplicationSchema,
  }),
  defineEndpoint({
    id: 'saveKycStep',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/confirmation/{id}`,
    summary:
      'Save one wizard step as a draft; answers its validity, field errors and warnings. Own group only, while Created or SentForResubmission (then only flagged fields)',
    access: UPDATE,
    params: GroupIdParams,
    body: SaveStepBodySchema,
    response: SaveStepAnswerSchema,
  }),
  defineEndpoint({
    id: 'submitKycApplication',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/confirmation/{id}/submit`,
    summary: 'Submit the application (Created/SentForResubmission -> Pending) when every step is valid; 409 otherwise',
    access: UPDATE,
    params: GroupIdParams,
    response: KycApplicationSchema,
  }),
  defineEndpoint({
    id: 'validateKycStep',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/validate/onboarding-tracking`,
    summary: 'Validate one step without storing anything',
    access: READ,
    body: SaveStepBodySchema,
    response: ValidateStepAnswerSchema,
  }),
  defineEndpoint({
    id: 'getOnboardingTracking',
    method: 'GET',
    path: `${MERCHANT_API}/merchants/validate/{id}/onboarding-tracking`,
    summary: 'Where the application stands: status, mode, per-step progress, the step to resume at, open flags',
    access: READ,
    params: GroupIdParams,
    response: OnboardingTrackingSchema,
  }),
  defineEndpoint({
    id: 'getKycApplication',
    method: 'GET',
    path: `${KYC}/applications/{id}`,
    summary: 'The application read model for the review page (same answer as the confirmation call)',
    access: READ,
    params: GroupIdParams,
    response: KycApplicationSchema,
  }),
  defineEndpoint({
    id: 'transitionKycApplication',
    method: 'POST',
    path: `${KYC}/applications/{id}/transitions`,
    summary:
      'A review action (startReview, requestResubmission with flags, approve, reject with reason, signContract, activate, delete); 409 when the lifecycle forbids it; delete also needs Delete',
    access: REVIEW,
    params: GroupIdParams,
    body: KycTransitionBodySchema,
    response: KycApplicationSchema,
  }),
  defineEndpoint({
    id: 'uploadKycDocument',
    method: 'POST',
    path: `${KYC}/applications/{id}/documents`,
    summary: `Upload a document (multipart: fields + file). PDF, JPEG or PNG by content, at most ${KYC_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413/415 otherwise)`,
    access: UPDATE,
    params: GroupIdParams,
    bodyType: 'multipart',
    body: z.custom<FormData>(),
    response: KycDocumentSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'listKycDocuments',
    method: 'GET',
    path: `${KYC}/applications/{id}/documents`,
    summary: 'Documents per header with their KYC status and access url; includeHistory adds replaced ones',
    access: READ,
    params: GroupIdParams,
    query: z.object({
      includeHistory: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional(),
    }),
    response: KycDocumentListSchema,
  }),
]);
