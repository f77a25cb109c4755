import { PRODUCT } from '../../../contract/product';
import { RESOURCES, type Action, type Resource, type RoleName } from '../../../contract/roles';

// The role -> permission mapping (spec 6), seeded into role_permissions. Route demands are exact
// action sets (spec 5), so each grant here is the set a route of that resource demands:
// RIUD for most pages, RIU for the KYC wizard (docs/decisions/0004-route-permissions.md).
const RIUD: Action[] = ['Read', 'Insert', 'Update', 'Delete'];
const RIU: Action[] = ['Read', 'Insert', 'Update'];
const R: Action[] = ['Read'];

type Grants = Partial<Record<Resource, Action[]>>;

const everything = (actions: Action[]): Grants => Object.fromEntries(RESOURCES.map((resource) => [resource, actions]));

const providerAdmin: Grants = { ...everything(RIUD) };
const providerUser: Grants = { ...everything(RIUD), Roles: R, RoleAssignment: R };
const merchantAdmin: Grants = {
  KYCApplications: RIU,
  Properties: RIUD,
  Fees: RIUD,
  PaymentSettings: RIUD,
  Notifications: RIUD,
  Transactions: RIUD,
  Users: RIUD,
  UserProfiles: RIUD,
  UserScopes: RIUD,
  Bookings: RIUD,
  Documents: RIUD,
  Refund: RIUD,
  Payouts: RIUD,
  MerchantScopes: RIUD,
};
const propertyStaff: Grants = { Properties: RIUD, PaymentSettings: RIUD, Transactions: RIUD, Refund: RIUD, UserProfiles: RIUD, Bookings: RIUD };

export const ROLE_SIDES: Record<RoleName, 'provider' | 'merchant' | 'property' | 'api' | 'other'> = {
  IOLBackOfficeAdmin: 'provider',
  [`${PRODUCT}Admin`]: 'provider',
  IOLBackOfficeUser: 'provider',
  MerchantAdmin: 'merchant',
  MerchantUser: 'merchant',
  CreateRefundCancelUser: 'merchant',
  CreateCancelUser: 'merchant',
  [`${PRODUCT}Bot`]: 'provider',
  UserManagement: 'merchant',
  APIUser: 'api',
  OrganizationAdmin: 'merchant',
  Merchant: 'merchant',
  MerchantPublicAccess: 'other',
  Admin: 'provider',
  PropertyManager: 'property',
  SuperAdmin: 'provider',
  [`${PRODUCT}User`]: 'provider',
  PropertyOperations: 'property',
  MerchantUserManager: 'merchant',
  MerchantViewOnlyUser: 'merchant',
  PropertyViewOnlyUser: 'property',
} as Record<RoleName, 'provider' | 'merchant' | 'property' | 'api' | 'other'>;

export const ROLE_GRANTS: Partial<Record<RoleName, Grants>> = {
  [`${PRODUCT}Admin`]: providerAdmin,
  SuperAdmin: providerAdmin,
  Admin: providerAdmin,
  IOLBackOfficeAdmin: providerAdmin,
  [`${PRODUCT}User`]: providerUser,
  IOLBackOfficeUser: providerUser,
  [`${PRODUCT}Bot`]: { Transactions: R, Payouts: R, Refund: R },
  MerchantAdmin: merchantAdmin,
  MerchantViewOnlyUser: { Properties: RIUD, Transactions: RIUD, Users: RIUD, Payouts: RIUD, Refund: RIUD, UserProfiles: RIUD },
  UserManagement: { Users: RIUD, UserProfiles: RIUD, UserScopes: RIUD, Transactions: RIUD },
  PropertyManager: propertyStaff,
  PropertyOperations: propertyStaff,
  PropertyViewOnlyUser: { Properties: RIUD, Transactions: RIUD, UserProfiles: RIUD },
  APIUser: { Properties: RIUD, Transactions: RIUD },
  MerchantUser: { Transactions: RIUD, Refund: RIUD },
  CreateRefundCancelUser: { Transactions: RIUD, Refund: RIUD },
  CreateCancelUser: { Transactions: RIUD },
  OrganizationAdmin: { Users: RIUD, Transactions: RIUD },
  Merchant: { Transactions: RIUD },
  MerchantUserManager: { Users: RIUD, UserProfiles: RIUD },
};
