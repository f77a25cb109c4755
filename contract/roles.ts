// zod/mini: this module is on the sign-in path (decision 0331).
import { z } from 'zod/mini';
import { PRODUCT } from './product';

// Spec section 6. `{product}` roles are spelled with the product name.
export const ROLES = [
  'IOLBackOfficeAdmin',
  `${PRODUCT}Admin`,
  'IOLBackOfficeUser',
  'MerchantAdmin',
  'MerchantUser',
  'CreateRefundCancelUser',
  'CreateCancelUser',
  `${PRODUCT}Bot`,
  'UserManagement',
  'APIUser',
  'OrganizationAdmin',
  'Merchant',
  'MerchantPublicAccess',
  'Admin',
  'PropertyManager',
  'SuperAdmin',
  `${PRODUCT}User`,
  'PropertyOperations',
  'MerchantUserManager',
  'MerchantViewOnlyUser',
  'PropertyViewOnlyUser',
] as const;
export type RoleName = (typeof ROLES)[number];
export const RoleNameSchema = z.enum(ROLES);

export const PROVIDER_ADMIN_ROLE = `${PRODUCT}Admin` as const;
export const PROVIDER_USER_ROLE = `${PRODUCT}User` as const;
export const PROVIDER_BOT_ROLE = `${PRODUCT}Bot` as const;

export const PROPERTY_LEVEL_ROLES = ['PropertyManager', 'PropertyOperations', 'APIUser', 'PropertyViewOnlyUser'] as const;
/** Roles that get the property switcher and the greeting with the property name. */
export const MERCHANT_SIDE_ROLES = [
  'MerchantAdmin',
  'PropertyManager',
  'PropertyOperations',
  'PropertyViewOnlyUser',
  'MerchantViewOnlyUser',
  'UserManagement',
] as const;
/** Provider-side roles see every merchant; everyone else is scoped to their merchant group or properties. */
export const PROVIDER_ROLES = [
  PROVIDER_ADMIN_ROLE,
  PROVIDER_USER_ROLE,
  PROVIDER_BOT_ROLE,
  'SuperAdmin',
  'Admin',
  'IOLBackOfficeAdmin',
  'IOLBackOfficeUser',
] as const;

export const ACTIONS = ['Read', 'Insert', 'Update', 'Delete', 'Approve'] as const;
export type Action = (typeof ACTIONS)[number];
export const ActionSchema = z.enum(ACTIONS);

export const RESOURCES = [
  'KYCApplications',
  'Merchants',
  'Properties',
  'Fees',
  'PaymentSettings',
  'EmailTemplates',
  'Notifications',
  'RateCodes',
  'MerchantScopes',
  'MerchantScopeAssignment',
  'Transactions',
  'MerchantPermission',
  'Clients',
  'Users',
  'UserScopes',
  'Roles',
  'RoleAssignment',
  'UserScopeAssignment',
  'UserProfiles',
  'Bookings',
  'Documents',
  'Refund',
  'Payouts',
] as const;
export type Resource = (typeof RESOURCES)[number];
export const ResourceSchema = z.enum(RESOURCES);

export const UserPermissionSchema = z.object({ resource: ResourceSchema, permissions: z.array(ActionSchema) });
export type UserPermission = z.infer<typeof UserPermissionSchema>;

export function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}
