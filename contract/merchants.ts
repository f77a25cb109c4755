import { z } from 'zod';
import { isCountryCode } from './countries';
import { defineEndpoint, endpointTable } from './endpoint';
import { FeeModelSchema } from './fees';
import { MerchantGroupSchema, OnboardingStatusSchema } from './merchant-groups';
import { MERCHANT_API } from './product';
import { PropertyStatusSchema } from './properties';
import { safeText } from './text';

// Spec 7 "Merchants" for provider staff (issue 17): granting merchant access (a group and the
// invitation of its merchant admin, POST /merchants/pre-init) and the merchants (properties,
// spec 3) of a group with their deactivation and reactivation. The KYC calls under /merchants
// (confirmation, validate) live in contract/kyc/endpoints.ts. Decision 0240.

const personName = (max: number) =>
  safeText('merchants.validation.unsafeText', { error: 'merchants.validation.required' })
    .trim()
    .min(1, { error: 'merchants.validation.required' })
    .max(max, { error: 'merchants.validation.tooLong' });

export const NewMerchantGroupSchema = z.object({
  name: safeText('merchants.validation.unsafeText', { error: 'merchants.validation.required' })
    .trim()
    .min(2, { error: 'merchants.validation.tooShort' })
    .max(200, { error: 'merchants.validation.tooLong' }),
  country: z
    .string({ error: 'merchants.validation.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'merchants.validation.country', abort: true })
    .refine(isCountryCode, { error: 'merchants.validation.country' }),
});

export const MerchantAdminInviteeSchema = z.object({
  firstName: personName(100),
  lastName: personName(100),
  email: z
    .string({ error: 'merchants.validation.required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'merchants.validation.email' }).max(254, { error: 'merchants.validation.tooLong' })),
});

/** Either an existing group (`merchantGroupId`) or a new one (`newGroup`), and the admin to invite. */
export const GrantMerchantAccessSchema = z
  .object({
    merchantGroupId: z.uuid({ error: 'merchants.validation.id' }).optional(),
    newGroup: NewMerchantGroupSchema.optional(),
    admin: MerchantAdminInviteeSchema,
  })
  .refine((body) => (body.merchantGroupId === undefined) !== (body.newGroup === undefined), {
    path: ['merchantGroupId'],
    error: 'merchants.validation.groupChoice',
  });
export type GrantMerchantAccess = z.input<typeof GrantMerchantAccessSchema>;

export const MerchantAccessGrantedSchema = z.object({
  merchantGroup: MerchantGroupSchema,
  adminUserId: z.uuid(),
  /** Where the invitation went; its link sets a password and leads to KYC. */
  invitedEmail: z.string(),
  invitationExpiresAt: z.string(),
});
export type MerchantAccessGranted = z.infer<typeof MerchantAccessGrantedSchema>;

export const GroupMerchantSchema = z.object({
  merchantId: z.uuid(),
  merchantGroupId: z.uuid(),
  name: z.string(),
  status: PropertyStatusSchema,
  active: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
});
export type GroupMerchant = z.infer<typeof GroupMerchantSchema>;

const MerchantIdParams = z.object({ id: z.uuid({ error: 'merchants.validation.id' }) });

/** Deactivating is confirmed in the screen and its reason kept in the audit log. */
export const MerchantActivationBodySchema = z
  .object({ reason: safeText('merchants.validation.unsafeText').trim().max(500, { error: 'merchants.validation.tooLong' }).optional() })
  .optional();

/**
 * PUT /merchants/status (spec 4 "merchant status change"; decision 0294): move a merchant (property) to another status through the property
 * lifecycle, confirmed in the screen with a reason the audit log keeps. Statuses reached only with more than a
 * reason (sending back for resubmission names fields) are not offered here.
 */
export const MerchantStatusChangeSchema = z.object({
  merchantId: z.uuid({ error: 'merchants.validation.id' }),
  status: PropertyStatusSchema,
  reason: safeText('merchants.validation.unsafeText', { error: 'merchants.validation.reason' })
    .trim()
    .min(3, { error: 'merchants.validation.reason' })
    .max(500, { error: 'merchants.validation.tooLong' }),
});
export type MerchantStatusChange = z.input<typeof MerchantStatusChangeSchema>;

/** GET /merchants/detailed (spec 7): the merchants the caller may see, optionally of one group, with their status, fee and next statuses. */
export const MerchantDetailedQuerySchema = z.object({
  merchantGroupId: z.uuid({ error: 'merchants.validation.id' }).optional(),
  status: PropertyStatusSchema.optional(),
  search: safeText('merchants.validation.unsafeText').trim().max(100, { error: 'merchants.validation.tooLong' }).optional(),
});

export const DetailedMerchantSchema = GroupMerchantSchema.extend({
  groupName: z.string(),
  groupStatus: OnboardingStatusSchema,
  statusChangedAt: z.string().nullable(),
  /** The fee schedule in force today; null when none has started. */
  fee: z.object({ feeModel: FeeModelSchema, percentage: z.number(), fixedAmountMinor: z.number().int(), validFrom: z.string() }).nullable(),
  /** The statuses PUT /merchants/status may move it to now, for this caller. */
  allowedStatuses: z.array(PropertyStatusSchema),
});
export type DetailedMerchant = z.infer<typeof DetailedMerchantSchema>;

export const merchantEndpoints = endpointTable([
  defineEndpoint({
    id: 'grantMerchantAccess',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/pre-init`,
    summary:
      'Grant merchant access: create a merchant group (or take an existing one) and invite its merchant admin by e-mail; 409 for a taken group name or e-mail (provider staff)',
    access: { resource: 'Merchants', action: 'Insert' },
    body: GrantMerchantAccessSchema,
    response: MerchantAccessGrantedSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'searchGroupMerchants',
    method: 'GET',
    path: `${MERCHANT_API}/merchants/search/{merchantGroupId}`,
    summary: 'The merchants (properties) of a merchant group, in list order (provider staff: any group; merchant side: their own)',
    access: { resource: 'Merchants', action: 'Read' },
    params: z.object({ merchantGroupId: z.uuid({ error: 'merchants.validation.id' }) }),
    response: z.array(GroupMerchantSchema),
  }),
  defineEndpoint({
    id: 'searchDetailedMerchants',
    method: 'GET',
    path: `${MERCHANT_API}/merchants/detailed`,
    summary:
      'The merchants (properties) the caller may see with their group, status, fee in force and the statuses they may be moved to now; filter by group, status, name (at most 500)',
    access: { resource: 'Merchants', action: 'Read' },
    query: MerchantDetailedQuerySchema,
    response: z.array(DetailedMerchantSchema),
  }),
  defineEndpoint({
    id: 'changeMerchantStatus',
    method: 'PUT',
    path: `${MERCHANT_API}/merchants/status`,
    summary:
      "Move a merchant to another status through the property lifecycle, with a reason kept in the audit log; 409 when the lifecycle (or the caller's side) allows no such step. (POST on this path reads the properties' statuses, spec 7.)",
    access: { resource: 'Merchants', action: 'Update' },
    body: MerchantStatusChangeSchema,
    response: DetailedMerchantSchema,
  }),
  defineEndpoint({
    id: 'deactivateMerchant',
    method: 'DELETE',
    path: `${MERCHANT_API}/merchants/{id}/deactivate`,
    summary: 'Deactivate a merchant (status Inactive, audited with the reason); 409 when it is inactive already',
    access: { resource: 'Merchants', action: 'Delete' },
    params: MerchantIdParams,
    body: MerchantActivationBodySchema,
    response: GroupMerchantSchema,
  }),
  defineEndpoint({
    id: 'reactivateMerchant',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/{id}/reactivate`,
    summary: 'Reactivate an inactive merchant (status Active, audited); 409 when it is not inactive',
    access: { resource: 'Merchants', action: 'Update' },
    params: MerchantIdParams,
    body: MerchantActivationBodySchema,
    response: GroupMerchantSchema,
  }),
]);
