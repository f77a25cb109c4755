import { PRODUCT } from '../../../contract/product';
import { ACTIONS, RESOURCES, type Action, type Resource, type RoleName } from '../../../contract/roles';

// A role has two representations here (docs/decisions/0110-page-access-and-api-grants.md):
// - PAGE ACCESS (`role_permissions`, returned as userPermissions): the route guard compares action
//   sets EXACTLY (spec 5), so each grant is the very set the routes of that resource demand (spec 6):
//   RIU for the KYC wizard, RIUD for most pages. A role gets a resource only when spec 2's menu gives
//   it a page of that resource; tests/shell/role-pages.test.ts checks this against the SPA's menu.
// - API GRANTS (`role_api_grants`): what the server enforces. View-only roles reach RIUD pages but
//   may only Read through the API; reviewers and approvers also get Approve.
const RIUD: Action[] = ['Read', 'Insert', 'Update', 'Delete'];
const RIU: Action[] = ['Read', 'Insert', 'Update'];
const R: Action[] = ['Read'];
const ALL: Action[] = [...ACTIONS];

type Grants = Partial<Record<Resource, Action[]>>;

const ADMIN = `${PRODUCT}Admin` as RoleName;
const USER = `${PRODUCT}User` as RoleName;
const BOT = `${PRODUCT}Bot` as RoleName;

export const ROLE_SIDES: Record<RoleName, 'provider' | 'merchant' | 'property' | 'api' | 'other'> = {
  IOLBackOfficeAdmin: 'provider',
  [ADMIN]: 'provider',
  IOLBackOfficeUser: 'provider',
  MerchantAdmin: 'merchant',
  MerchantUser: 'merchant',
  CreateRefundCancelUser: 'merchant',
  CreateCancelUser: 'merchant',
  [BOT]: 'provider',
  UserManagement: 'merchant',
  APIUser: 'api',
  OrganizationAdmin: 'merchant',
  Merchant: 'merchant',
  MerchantPublicAccess: 'other',
  Admin: 'provider',
  PropertyManager: 'property',
  SuperAdmin: 'provider',
  [USER]: 'provider',
  PropertyOperations: 'property',
  MerchantUserManager: 'merchant',
  MerchantViewOnlyUser: 'merchant',
  PropertyViewOnlyUser: 'property',
} as Record<RoleName, 'provider' | 'merchant' | 'property' | 'api' | 'other'>;

// Spec 2 "Side menu and who sees each item", made concrete (decision 0111). The SPA's menu table
// (src/app/shell/menu-items.ts) names the same roles; a test keeps the two in step.
const PROVIDER_STAFF: RoleName[] = [ADMIN, 'SuperAdmin', 'Admin', USER, 'IOLBackOfficeAdmin', 'IOLBackOfficeUser'];
const MERCHANT_STAFF: RoleName[] = ['MerchantAdmin', 'MerchantUser', 'CreateRefundCancelUser', 'CreateCancelUser', 'UserManagement', 'OrganizationAdmin', 'Merchant', 'MerchantUserManager', 'MerchantViewOnlyUser'];
const PROPERTY_STAFF: RoleName[] = ['PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'APIUser'];
const MERCHANT_SIDE: RoleName[] = ['MerchantAdmin', 'PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'MerchantViewOnlyUser', 'UserManagement'];

/** Which roles reach the pages of each resource, with the set the pages demand. */
const PAGE_ACCESS: { resource: Resource; actions: Action[]; roles: RoleName[] }[] = [
  { resource: 'KYCApplications', actions: RIU, roles: ['MerchantAdmin'] },
  { resource: 'KYCApplications', actions: RIUD, roles: [ADMIN, 'SuperAdmin', USER, 'Admin'] },
  { resource: 'Merchants', actions: RIUD, roles: [ADMIN, USER] },
  { resource: 'Properties', actions: RIUD, roles: [ADMIN, 'SuperAdmin', USER, 'Admin', 'MerchantAdmin', 'MerchantViewOnlyUser'] },
  { resource: 'MerchantScopes', actions: RIUD, roles: [...MERCHANT_SIDE, 'APIUser'] },
  { resource: 'Transactions', actions: RIUD, roles: [...PROVIDER_STAFF, ...MERCHANT_STAFF, ...PROPERTY_STAFF] },
  { resource: 'Users', actions: RIUD, roles: [...PROVIDER_STAFF, 'MerchantAdmin', 'UserManagement', 'OrganizationAdmin', 'MerchantUserManager', 'MerchantViewOnlyUser', 'PropertyManager'] },
  { resource: 'PaymentSettings', actions: RIUD, roles: [...PROVIDER_STAFF, 'MerchantAdmin', 'PropertyManager'] },
  { resource: 'Bookings', actions: RIUD, roles: PROVIDER_STAFF },
  { resource: 'Refund', actions: RIUD, roles: [...PROVIDER_STAFF, 'MerchantAdmin', 'MerchantUser', 'CreateRefundCancelUser', 'MerchantViewOnlyUser', 'PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser'] },
  { resource: 'Payouts', actions: RIUD, roles: [ADMIN, 'SuperAdmin', 'Admin'] },
  { resource: 'Fees', actions: RIUD, roles: [ADMIN, 'SuperAdmin', USER, 'Admin'] },
];

function pageGrantsOf(role: RoleName): Grants {
  const grants: Grants = {};
  for (const entry of PAGE_ACCESS) if (entry.roles.includes(role)) grants[entry.resource] = entry.actions;
  return grants;
}

const everything = (actions: Action[]): Grants => Object.fromEntries(RESOURCES.map((resource) => [resource, actions]));
const readOnly = (grants: Grants): Grants => Object.fromEntries(Object.keys(grants).map((resource) => [resource, R]));

/** Extra API rights a role needs behind its pages (documents of a KYC application, profiles, approvals). */
const API_EXTRAS: Partial<Record<RoleName, Grants>> = {
  MerchantAdmin: { Documents: RIUD, UserProfiles: RIUD, UserScopes: RIUD, Notifications: RIUD, Fees: R, Payouts: R, Refund: [...RIUD, 'Approve'] },
  UserManagement: { UserProfiles: RIUD, UserScopes: RIUD },
  MerchantUserManager: { UserProfiles: RIUD, UserScopes: RIUD },
  OrganizationAdmin: { UserProfiles: RIUD, UserScopes: RIUD },
  PropertyManager: { UserProfiles: RIUD, Bookings: R, Refund: [...RIUD, 'Approve'] },
  PropertyOperations: { Bookings: R },
};

function apiGrantsOf(role: RoleName): Grants {
  if (role === ADMIN || role === 'SuperAdmin' || role === 'Admin' || role === 'IOLBackOfficeAdmin') return everything(ALL);
  if (role === USER || role === 'IOLBackOfficeUser')
    return { ...everything(RIUD), Roles: R, RoleAssignment: R, KYCApplications: ALL, Refund: ALL };
  // A bot reads what it reconciles and nothing else; it has no pages.
  if (role === BOT) return { Transactions: R, Payouts: R, Refund: R };
  const pages = pageGrantsOf(role);
  if (role === 'MerchantViewOnlyUser' || role === 'PropertyViewOnlyUser') return readOnly(pages);
  return { ...pages, ...API_EXTRAS[role] };
}

export const ROLE_PAGE_GRANTS: Partial<Record<RoleName, Grants>> = Object.fromEntries(
  (Object.keys(ROLE_SIDES) as RoleName[]).map((role) => [role, pageGrantsOf(role)]),
);
export const ROLE_API_GRANTS: Partial<Record<RoleName, Grants>> = Object.fromEntries(
  (Object.keys(ROLE_SIDES) as RoleName[]).map((role) => [role, apiGrantsOf(role)]),
);
