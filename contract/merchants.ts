import { z } from 'zod';
import { isCountryCode } from './countries';
import { defineEndpoint, endpointTable } from './endpoint';
import { MerchantGroupSchema } from './merchant-groups';
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
