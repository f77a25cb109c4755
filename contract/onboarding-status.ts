// zod/mini: the session reads a user's group status on the sign-in path (decision 0331).
import { z } from 'zod/mini';

// Spec 4 "Merchant/onboarding status". The transitions live in machines/onboarding-lifecycle.machine.ts
// (docs/decisions/0140-onboarding-lifecycle.md); contract/merchant-groups.ts re-exports these.

export const ONBOARDING_STATUSES = [
  'Created',
  'Pending',
  'InReview',
  'SentForResubmission',
  'Approved',
  'Rejected',
  'Deleted',
  'Expired',
  'ContractSigned',
  'Active',
  'ContractPending',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const OnboardingStatusSchema = z.enum(ONBOARDING_STATUSES);
