import { z } from 'zod';
import { KycDisplayStatusSchema, LifecycleActionSchema, OnboardingStatusSchema } from '../merchant-groups';
import { KycDocumentSchema } from './documents';
import { KycFlagSchema } from './review';
import { KycStepIdSchema } from './steps';

// The application read model (decisions 0144, 0145): where the applicant stands (tracking), the
// wizard's data and the reviewer's page, with the audit trail.

export const KycWarningSchema = z.object({ path: z.string(), message: z.string() });
export type KycWarning = z.infer<typeof KycWarningSchema>;
/** Field path (dotted, `_` for the whole step) -> i18n message keys. */
export const KycFieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export const KycStepStateSchema = z.object({
  step: KycStepIdSchema,
  saved: z.boolean(),
  valid: z.boolean(),
  savedAt: z.string().nullable(),
  /** Unresolved review flags on this step (fields or documents): in resubmission, the step may change. */
  flagged: z.boolean(),
  /** In resubmission, an unresolved flag on this step is still outstanding: its field unchanged, its document not replaced (decision 0703). */
  needsChanges: z.boolean(),
});
export type KycStepState = z.infer<typeof KycStepStateSchema>;

/** edit: fill in freely; resubmission: only flagged fields and documents change; readOnly: under review or decided. */
export const KycWizardModeSchema = z.enum(['edit', 'resubmission', 'readOnly']);
export type KycWizardMode = z.infer<typeof KycWizardModeSchema>;

/** GET .../merchants/validate/{id}/onboarding-tracking: where the applicant stands (the wizard resumes from this). */
export const OnboardingTrackingSchema = z.object({
  merchantGroupId: z.uuid(),
  applicationId: z.uuid(),
  status: OnboardingStatusSchema,
  displayStatus: KycDisplayStatusSchema,
  mode: KycWizardModeSchema,
  steps: z.array(KycStepStateSchema),
  /** First step that is not valid (the last step when all are). */
  resumeStep: KycStepIdSchema,
  canSubmit: z.boolean(),
  flags: z.array(KycFlagSchema),
});
export type OnboardingTracking = z.infer<typeof OnboardingTrackingSchema>;

export const AuditEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const KycStepDetailSchema = KycStepStateSchema.extend({
  /** The saved draft (validated and normalised when valid); null when never saved. */
  data: z.record(z.string(), z.unknown()).nullable(),
  errors: KycFieldErrorsSchema,
  warnings: z.array(KycWarningSchema),
});

/** The application read model: the wizard's data and the reviewer's page. */
export const KycApplicationSchema = OnboardingTrackingSchema.extend({
  merchantGroupName: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  statusChangedAt: z.string(),
  steps: z.array(KycStepDetailSchema),
  documents: z.array(KycDocumentSchema),
  rejectionReason: z.string().nullable(),
  allowedActions: z.array(LifecycleActionSchema),
  auditTrail: z.array(AuditEntrySchema),
});
export type KycApplication = z.infer<typeof KycApplicationSchema>;
