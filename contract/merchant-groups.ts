import { z } from 'zod';
import { isCountryCode } from './countries';
import { isPageSize } from './paging';
import { defineEndpoint, endpointTable } from './endpoint';
import { OnboardingStatusSchema, type OnboardingStatus } from './onboarding-status';
import { MERCHANT_API } from './product';
import { safeText } from './text';

// Spec 4 "Merchant/onboarding status" and "KYC application status (display)"; spec 7 "Merchant groups".
// The transitions live in machines/onboarding-lifecycle.machine.ts (docs/decisions/0140-onboarding-lifecycle.md).

export { ONBOARDING_STATUSES, OnboardingStatusSchema, type OnboardingStatus } from './onboarding-status';

/** What the KYC admin shows (spec 4): Active, Approved, ContractPending and ContractSigned collapse to Approved. */
export const KYC_DISPLAY_STATUSES = ['Created', 'Pending', 'InReview', 'SentForResubmission', 'Approved', 'Rejected', 'Deleted', 'Expired'] as const;
export type KycDisplayStatus = (typeof KYC_DISPLAY_STATUSES)[number];
export const KycDisplayStatusSchema = z.enum(KYC_DISPLAY_STATUSES);

const COLLAPSED_TO_APPROVED: readonly OnboardingStatus[] = ['Active', 'Approved', 'ContractPending', 'ContractSigned'];

export function kycDisplayStatus(status: OnboardingStatus): KycDisplayStatus {
  return COLLAPSED_TO_APPROVED.includes(status) ? 'Approved' : (status as KycDisplayStatus);
}

/** The onboarding statuses a display status stands for (the list filter expands with this). */
export function statusesOfDisplayStatus(display: KycDisplayStatus): OnboardingStatus[] {
  return display === 'Approved' ? [...COLLAPSED_TO_APPROVED] : [display];
}

/** i18n keys of the display labels; Approved is labelled Contract Pending (spec 4). */
export const KYC_DISPLAY_STATUS_LABEL_KEYS: Record<KycDisplayStatus, string> = {
  Created: 'kyc.status.created',
  Pending: 'kyc.status.pending',
  InReview: 'kyc.status.inReview',
  SentForResubmission: 'kyc.status.sentForResubmission',
  Approved: 'kyc.status.contractPending',
  Rejected: 'kyc.status.rejected',
  Deleted: 'kyc.status.deleted',
  Expired: 'kyc.status.expired',
};
export const KYC_DISPLAY_STATUS_LABELS_EN: Record<KycDisplayStatus, string> = {
  Created: 'Created',
  Pending: 'Pending',
  InReview: 'In review',
  SentForResubmission: 'Sent for resubmission',
  Approved: 'Contract Pending',
  Rejected: 'Rejected',
  Deleted: 'Deleted',
  Expired: 'Expired',
};

/** Lifecycle actions: names of the machine's events as the API and the SPA say them. */
export const LIFECYCLE_ACTIONS = [
  'submit',
  'startReview',
  'requestResubmission',
  'approve',
  'reject',
  'sendContract',
  'signContract',
  'activate',
  'delete',
  'expire',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
export const LifecycleActionSchema = z.enum(LIFECYCLE_ACTIONS);

/** Who may perform an action: the applicant (the group's MerchantAdmin), provider staff, or the system (idle timer). */
export const LIFECYCLE_ACTION_ACTOR: Record<LifecycleAction, 'applicant' | 'provider' | 'system'> = {
  submit: 'applicant',
  startReview: 'provider',
  requestResubmission: 'provider',
  approve: 'provider',
  reject: 'provider',
  sendContract: 'provider',
  signContract: 'provider',
  activate: 'provider',
  delete: 'provider',
  expire: 'system',
};

export const MerchantGroupSchema = z.object({
  merchantGroupId: z.uuid(),
  name: z.string(),
  country: z.string().nullable(),
  contactEmail: z.string().nullable(),
  status: OnboardingStatusSchema,
  displayStatus: KycDisplayStatusSchema,
  applicationId: z.uuid().nullable(),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  /** Lifecycle actions allowed now for this caller (status x role). */
  allowedActions: z.array(LifecycleActionSchema),
});
export type MerchantGroup = z.infer<typeof MerchantGroupSchema>;

const PageSizeSchema = z.coerce.number().int().refine(isPageSize, { error: 'kyc.validation.pageSize' }).default(10);

export const KYC_LIST_SORT_FIELDS = ['createdAt', 'submittedAt', 'statusChangedAt', 'updatedAt', 'name'] as const;
export type KycListSortField = (typeof KYC_LIST_SORT_FIELDS)[number];

/** The KYC applications table (spec 2 "KYC admin"): server pagination, search by name, filter by display status, sort by dates. */
export const KycApplicationSearchSchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'kyc.validation.page' }).default(1),
  pageSize: PageSizeSchema,
  search: safeText('kyc.validation.unsafeText').trim().max(100, { error: 'kyc.validation.tooLong' }).optional(),
  statuses: z.array(KycDisplayStatusSchema).max(KYC_DISPLAY_STATUSES.length).optional(),
  sortBy: z.enum(KYC_LIST_SORT_FIELDS).default('statusChangedAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type KycApplicationSearch = z.input<typeof KycApplicationSearchSchema>;

export const KycApplicationSummarySchema = z.object({
  merchantGroupId: z.uuid(),
  applicationId: z.uuid().nullable(),
  name: z.string(),
  country: z.string().nullable(),
  status: OnboardingStatusSchema,
  displayStatus: KycDisplayStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  statusChangedAt: z.string(),
  openFlags: z.number().int(),
});
export type KycApplicationSummary = z.infer<typeof KycApplicationSummarySchema>;

export const KycApplicationPageSchema = z.object({
  items: z.array(KycApplicationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const CreateMerchantGroupSchema = z.object({
  name: safeText('kyc.validation.unsafeText', { error: 'kyc.validation.required' })
    .trim()
    .min(2, { error: 'kyc.validation.tooShort' })
    .max(200, { error: 'kyc.validation.tooLong' }),
  country: z
    .string({ error: 'kyc.validation.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'kyc.validation.country', abort: true })
    .refine(isCountryCode, { error: 'kyc.validation.country' }),
  contactEmail: z
    .string({ error: 'kyc.validation.required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'kyc.validation.email' })),
});

/** The merchants list (spec 2 "/merchants", issue 17): search by name, filter by onboarding status, sort by dates or name. */
export const MERCHANT_GROUP_SORT_FIELDS = ['statusChangedAt', 'createdAt', 'name', 'propertiesCount'] as const;
export type MerchantGroupSortField = (typeof MERCHANT_GROUP_SORT_FIELDS)[number];
export const MerchantGroupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: PageSizeSchema,
  search: safeText('merchants.validation.unsafeText').trim().max(100, { error: 'merchants.validation.tooLong' }).optional(),
  status: z.optional(OnboardingStatusSchema),
  sortBy: z.enum(MERCHANT_GROUP_SORT_FIELDS).default('statusChangedAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type MerchantGroupListQuery = z.input<typeof MerchantGroupListQuerySchema>;
export const MerchantGroupListItemSchema = MerchantGroupSchema.extend({
  /** How many properties (merchants, spec 3) the group has. */
  propertiesCount: z.number().int(),
});
export type MerchantGroupListItem = z.infer<typeof MerchantGroupListItemSchema>;

const GroupIdParams = z.object({ id: z.uuid({ error: 'kyc.validation.id' }) });

export const merchantGroupEndpoints = endpointTable([
  defineEndpoint({
    id: 'listMerchantGroups',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-groups`,
    summary: 'Merchant groups the caller may see (provider: all; merchant side: their own), newest status change first',
    access: 'session',
    query: MerchantGroupListQuerySchema,
    response: z.object({ items: z.array(MerchantGroupListItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
  }),
  defineEndpoint({
    id: 'getMerchantGroup',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-groups/{id}`,
    summary: 'One merchant group with its onboarding status and the lifecycle actions the caller may take now',
    access: 'session',
    params: GroupIdParams,
    response: MerchantGroupSchema,
  }),
  defineEndpoint({
    id: 'createMerchantGroup',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-groups`,
    summary: 'Create a merchant group in status Created with an empty KYC application (provider staff)',
    access: { resource: 'Merchants', action: 'Insert' },
    body: CreateMerchantGroupSchema,
    response: MerchantGroupSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'searchKycApplications',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-groups/search`,
    summary: 'The KYC applications table: page, search by name, filter by display status, sort by dates (provider staff)',
    access: { resource: 'KYCApplications', action: 'Read' },
    body: KycApplicationSearchSchema,
    response: KycApplicationPageSchema,
  }),
  defineEndpoint({
    id: 'activateMerchantGroup',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-groups/activate/{id}`,
    summary: 'Lifecycle action activate (ContractSigned -> Active); 409 when the lifecycle forbids it',
    access: { resource: 'KYCApplications', action: 'Approve' },
    params: GroupIdParams,
    response: MerchantGroupSchema,
  }),
  defineEndpoint({
    id: 'signMerchantGroupContract',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-groups/sign-contract/{id}`,
    summary: 'Lifecycle action signContract (ContractPending -> ContractSigned: the contract sent was signed); 409 when the lifecycle forbids it',
    access: { resource: 'KYCApplications', action: 'Approve' },
    params: GroupIdParams,
    response: MerchantGroupSchema,
  }),
  defineEndpoint({
    id: 'preInitMerchantGroup',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-groups/pre-init`,
    summary: "Opens the caller's KYC application (creates it when missing; idempotent) and answers the group",
    access: { resource: 'KYCApplications', action: 'Insert' },
    body: z.object({}).strict().optional(),
    response: MerchantGroupSchema,
  }),
]);
