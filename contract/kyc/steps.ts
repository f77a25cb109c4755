// zod/mini: the route table reads this module on the sign-in path (decision 0331).
import { z } from 'zod/mini';
import { msg } from './messages';

// Spec 2 "KYC wizard": the eight steps in the spec's order, their titles and where to resume.
// The one list of step ids: the wizard machine, the routes, the server and the seed read it here.

export const KYC_STEP_IDS = [
  'application-overview',
  'company-details',
  'business-information',
  'sanctions-exposure',
  'company-stakeholders',
  'processing-details',
  'settlement-accounts',
  'authorised-signatory',
] as const;
export type KycStepId = (typeof KYC_STEP_IDS)[number];
export const KycStepIdSchema = z.enum(KYC_STEP_IDS, msg('invalid'));

/** i18n keys of the step titles; the last step is titled submit application (spec 2). */
export const KYC_STEP_TITLE_KEYS: Record<KycStepId | 'application-success', string> = {
  'application-overview': 'kyc.steps.applicationOverview',
  'company-details': 'kyc.steps.companyDetails',
  'business-information': 'kyc.steps.businessInformation',
  'sanctions-exposure': 'kyc.steps.sanctionsExposure',
  'company-stakeholders': 'kyc.steps.companyStakeholders',
  'processing-details': 'kyc.steps.processingDetails',
  'settlement-accounts': 'kyc.steps.settlementAccounts',
  'authorised-signatory': 'kyc.steps.submitApplication',
  'application-success': 'kyc.steps.applicationSuccess',
};

/** The first step of `steps` that is not valid, else the last one. */
export function resumeStepOf(steps: ReadonlyArray<{ step: KycStepId; valid: boolean }>): KycStepId {
  return steps.find((entry) => !entry.valid)?.step ?? KYC_STEP_IDS[KYC_STEP_IDS.length - 1]!;
}
