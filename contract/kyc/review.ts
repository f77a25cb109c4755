import { z } from 'zod';
import { safeText } from '../text';
import { kycMessage } from './messages';
import { KycStepIdSchema } from './steps';

// Spec 2 "KYC admin": the reviewer's flags and the review actions (decision 0145). What a flag
// opens in resubmission is contract/kyc/resubmission.ts.

export const KycFlagSchema = z.object({
  id: z.uuid(),
  targetKind: z.enum(['field', 'document']),
  /** field: `<step>` or `<step>.<dotted path>` (e.g. `company-details.businessAddress.postal`); document: the document id. */
  target: z.string(),
  /** For a document flag, the step the document belongs to; for a field flag, its step. */
  step: z.nullable(KycStepIdSchema),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /**
   * Open, and what it asks for is not done yet (decision 0703): a flagged field still holds the value it had when
   * it was flagged, a flagged document is still the current one. A field flag from before that decision, whose value
   * is not known, is not outstanding. False once resolved.
   */
  outstanding: z.boolean(),
});
export type KycFlag = z.infer<typeof KycFlagSchema>;

/** The longest reason a reviewer may give (the dialogs stop the typing there). */
export const KYC_REASON_MAX_LENGTH = 1000;
const ReasonSchema = safeText(kycMessage('unsafeText'), { error: 'kyc.validation.reasonRequired' })
  .trim()
  .min(3, { error: 'kyc.validation.reasonRequired' })
  .max(KYC_REASON_MAX_LENGTH, { error: 'kyc.validation.tooLong' });

export const ReviewFlagInputSchema = z.object({
  targetKind: z.enum(['field', 'document'], { error: 'kyc.validation.flagTarget' }),
  target: safeText(kycMessage('unsafeText'), { error: 'kyc.validation.flagTarget' })
    .trim()
    .min(1, { error: 'kyc.validation.flagTarget' })
    .max(300, { error: 'kyc.validation.tooLong' }),
  reason: ReasonSchema,
});

/** One body for every review action; each goes through the onboarding lifecycle (409 when it forbids it). */
export const KycTransitionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('startReview') }),
    z.object({ action: z.literal('requestResubmission'), flags: z.array(ReviewFlagInputSchema).min(1, { error: 'kyc.validation.flagAtLeastOne' }).max(50) }),
    z.object({ action: z.literal('approve'), note: safeText(kycMessage('unsafeText')).trim().max(1000, { error: 'kyc.validation.tooLong' }).optional() }),
    z.object({ action: z.literal('reject'), reason: ReasonSchema }),
    z.object({ action: z.literal('sendContract') }),
    z.object({ action: z.literal('signContract') }),
    z.object({ action: z.literal('activate') }),
    z.object({ action: z.literal('delete'), reason: safeText(kycMessage('unsafeText')).trim().max(1000, { error: 'kyc.validation.tooLong' }).optional() }),
  ],
  { error: 'kyc.validation.action' },
);
export type KycTransitionBody = z.input<typeof KycTransitionBodySchema>;
