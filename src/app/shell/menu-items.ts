import { PROVIDER_ADMIN_ROLE, PROVIDER_USER_ROLE, type Resource, type UserPermission } from '../../../contract/roles';

// Spec 2 "Side menu and who sees each item", made concrete in docs/decisions/0111-menu-and-route-demands.md.
// The seed's page access (server/db/seed/role-permissions.ts) names the same roles; tests keep them in step.

export interface MenuItem {
  key: string;
  path: string;
  resource: Resource;
  roles: readonly string[];
  /** Under the "all controls" dropdown rather than in the left menu. */
  submenu?: boolean;
}

/** A visible item carries the user's permissions on its resource (spec 6). */
export interface VisibleMenuItem extends MenuItem {
  permissions: UserPermission['permissions'];
}

const PROVIDER_STAFF = [PROVIDER_ADMIN_ROLE, 'SuperAdmin', 'Admin', PROVIDER_USER_ROLE, 'IOLBackOfficeAdmin', 'IOLBackOfficeUser'];
const MERCHANT_STAFF = ['MerchantAdmin', 'MerchantUser', 'CreateRefundCancelUser', 'CreateCancelUser', 'UserManagement', 'OrganizationAdmin', 'Merchant', 'MerchantUserManager', 'MerchantViewOnlyUser'];
const PROPERTY_STAFF = ['PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'APIUser'];
const REFUND_ROLES = [...PROVIDER_STAFF, 'MerchantAdmin', 'MerchantUser', 'CreateRefundCancelUser', 'MerchantViewOnlyUser', 'PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser'];

export const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'propertyManagement', path: '/property-management', resource: 'MerchantScopes', roles: ['PropertyManager', 'PropertyOperations', 'APIUser', 'PropertyViewOnlyUser'] },
  { key: 'paymentLink', path: '/generate-payment-link', resource: 'Transactions', roles: [...PROVIDER_STAFF, ...MERCHANT_STAFF, ...PROPERTY_STAFF] },
  { key: 'kyc', path: '/kyc/application-overview', resource: 'KYCApplications', roles: ['MerchantAdmin'] },
  { key: 'transactions', path: '/transactions', resource: 'Transactions', roles: [...PROVIDER_STAFF, ...MERCHANT_STAFF, ...PROPERTY_STAFF] },
  { key: 'kycApplications', path: '/kyc/applications', resource: 'KYCApplications', roles: [PROVIDER_ADMIN_ROLE, 'SuperAdmin', PROVIDER_USER_ROLE, 'Admin'] },
  { key: 'merchants', path: '/merchants', resource: 'Merchants', roles: [PROVIDER_ADMIN_ROLE, PROVIDER_USER_ROLE] },
  { key: 'properties', path: '/properties', resource: 'Properties', roles: [PROVIDER_ADMIN_ROLE, 'SuperAdmin', PROVIDER_USER_ROLE, 'Admin', 'MerchantAdmin', 'MerchantViewOnlyUser'] },
  { key: 'users', path: '/users', resource: 'Users', roles: [...PROVIDER_STAFF, 'MerchantAdmin', 'UserManagement', 'OrganizationAdmin', 'MerchantUserManager', 'MerchantViewOnlyUser', 'PropertyManager'] },
  { key: 'paymentSettings', path: '/payment-settings', resource: 'PaymentSettings', roles: [...PROVIDER_STAFF, 'MerchantAdmin', 'PropertyManager'], submenu: true },
  { key: 'bookings', path: '/bookings', resource: 'Bookings', roles: PROVIDER_STAFF, submenu: true },
  { key: 'refundManagement', path: '/refund-management', resource: 'Refund', roles: REFUND_ROLES, submenu: true },
  { key: 'refundRules', path: '/refund-management/rules', resource: 'Refund', roles: REFUND_ROLES, submenu: true },
  { key: 'payouts', path: '/payouts', resource: 'Payouts', roles: [PROVIDER_ADMIN_ROLE, 'SuperAdmin', 'Admin'], submenu: true },
];

/** Group statuses during which a merchant admin sees only the KYC item (spec 2). */
export const KYC_GROUP_STATUSES = ['Created', 'Pending', 'InReview', 'SentForResubmission'] as const;

function merchantAdminSees(item: MenuItem, groupStatus: string | null | undefined): boolean {
  if (item.key === 'kyc') return (KYC_GROUP_STATUSES as readonly string[]).includes(groupStatus ?? '');
  return groupStatus === 'Active';
}

/** The menu of a role, each item with the user's permissions on its resource. */
export function visibleMenuItems(role: string | undefined, groupStatus: string | null | undefined, permissions: readonly UserPermission[]): VisibleMenuItem[] {
  if (!role) return [];
  return MENU_ITEMS.filter((item) => item.roles.includes(role))
    .filter((item) => role !== 'MerchantAdmin' || merchantAdminSees(item, groupStatus))
    .map((item) => ({ ...item, permissions: permissions.find((entry) => entry.resource === item.resource)?.permissions ?? [] }));
}

/** A property manager's "payment settings" goes to the update page of the active property (spec 2). */
export function menuItemHref(item: MenuItem, role: string | undefined, active: { merchantId: string; merchantGroupId: string } | undefined): string {
  if (item.key === 'paymentSettings' && role === 'PropertyManager' && active)
    return `/payment-settings/edit-payment-settings?merchantGroupId=${encodeURIComponent(active.merchantGroupId)}&merchantId=${encodeURIComponent(active.merchantId)}`;
  return item.path;
}

/** Addresses beyond its own path that belong to a menu item: the wizard's other steps, the link preview. */
const MORE_SECTIONS: Readonly<Record<string, readonly string[]>> = { kyc: ['/kyc/'], paymentLink: ['/payment-link-preview'] };

function sectionLength(prefix: string, pathname: string): number {
  const matches = prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`);
  return matches ? prefix.length : -1;
}

/**
 * The menu item a page belongs to, so the menu stays highlighted on sub-pages (an application's
 * detail, a later KYC step): the item with the longest path the address lies under.
 */
export function activeMenuItemKey(items: readonly Pick<MenuItem, 'key' | 'path'>[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const item of items)
    for (const prefix of [item.path, ...(MORE_SECTIONS[item.key] ?? [])]) {
      const length = sectionLength(prefix, pathname);
      if (length > (best?.length ?? -1)) best = { key: item.key, length };
    }
  return best?.key;
}
