import { PROVIDER_ADMIN_ROLE, PROVIDER_BOT_ROLE, PROVIDER_USER_ROLE, type Resource, type RoleName } from './roles';

// THE permission table: what each role may do (spec 6), which menu items it sees (spec 2) and which
// pages it reaches. Everything else derives from it (contract/permission-rules.ts): the SPA's menu
// and route guard, the seeded page access and API grants the server enforces, the role x endpoint
// test, and the matrix product owners read (docs/permissions/matrix.md, `npm run permissions`).
// Why each row looks as it does: docs/decisions/0180-one-permission-table.md (and 0181-0183).

/** Actions as letters in the spec's order: Read, Insert, Update, Delete, Approve ("RIUD", "RA", ...). */
type Letter<L extends string> = L | '';
export type ActionLetters = Exclude<`${Letter<'R'>}${Letter<'I'>}${Letter<'U'>}${Letter<'D'>}${Letter<'A'>}`, ''>;

/** A set of pages and the exact action set their routes demand (spec 5 exact match, spec 6 route demands). */
export const PAGE_AREAS = {
  kycWizard: { resource: 'KYCApplications', actions: 'RIU' },
  kycReview: { resource: 'KYCApplications', actions: 'RIUD' },
  merchants: { resource: 'Merchants', actions: 'RIUD' },
  properties: { resource: 'Properties', actions: 'RIUD' },
  users: { resource: 'Users', actions: 'RIUD' },
  propertyManagement: { resource: 'MerchantScopes', actions: 'RIUD' },
  transactions: { resource: 'Transactions', actions: 'RIUD' },
  /**
   * Spec 6: the add page demands RIU. Under the exact match (spec 5) one role holds one action set per
   * resource, so the list and edit pages demand RIU too: whoever manages payment settings reaches all
   * three (decision 0242). Deleting a configuration is the API grant's business (RIUD), not a page's.
   */
  paymentSettings: { resource: 'PaymentSettings', actions: 'RIU' },
  bookings: { resource: 'Bookings', actions: 'RIUD' },
  fees: { resource: 'Fees', actions: 'RIUD' },
  refunds: { resource: 'Refund', actions: 'RIUD' },
  payouts: { resource: 'Payouts', actions: 'RIUD' },
  /** The provider admins' sent e-mails (decision 0170): reading is all the page does. */
  sentEmails: { resource: 'EmailTemplates', actions: 'R' },
} as const satisfies Record<string, { resource: Resource; actions: ActionLetters }>;
export type PageAreaKey = keyof typeof PAGE_AREAS;

/** Spec 2 "Side menu", in menu order; `submenu` items sit under "all controls". */
export const MENU = [
  { key: 'propertyManagement', path: '/property-management', area: 'propertyManagement' },
  { key: 'paymentLink', path: '/generate-payment-link', area: 'transactions' },
  { key: 'kyc', path: '/kyc/application-overview', area: 'kycWizard' },
  { key: 'transactions', path: '/transactions', area: 'transactions' },
  { key: 'kycApplications', path: '/kyc/applications', area: 'kycReview' },
  { key: 'merchants', path: '/merchants', area: 'merchants' },
  { key: 'properties', path: '/properties', area: 'properties' },
  { key: 'users', path: '/users', area: 'users' },
  { key: 'paymentSettings', path: '/payment-settings', area: 'paymentSettings', submenu: true },
  { key: 'bookings', path: '/bookings', area: 'bookings', submenu: true },
  { key: 'refundManagement', path: '/refund-management', area: 'refunds', submenu: true },
  { key: 'refundRules', path: '/refund-management/rules', area: 'refunds', submenu: true },
  { key: 'payouts', path: '/payouts', area: 'payouts', submenu: true },
  { key: 'sentEmails', path: '/sent-emails', area: 'sentEmails', submenu: true },
] as const satisfies readonly { key: string; path: string; area: PageAreaKey; submenu?: boolean }[];
export type MenuKey = (typeof MENU)[number]['key'];

export type RoleSide = 'provider' | 'merchant' | 'property' | 'api' | 'other';

/**
 * Which merchants (properties) the role's users work on: every merchant, their merchant group's,
 * the properties assigned to them, or none. The server scopes every query by it.
 */
export type MerchantScopeRule = 'all' | 'group' | 'assigned' | 'none';

export interface RoleRow {
  side: RoleSide;
  scope: MerchantScopeRule;
  /** The menu items the role sees (spec 2 lists; gaps in decision 0181). */
  menu: readonly MenuKey[];
  /** Pages the role reaches without a menu item of their own, and why (decision 0181). */
  morePages?: readonly PageAreaKey[];
  /** What the server lets the role do, per resource: nothing that is not written here. */
  grants: Partial<Record<Resource, ActionLetters>>;
}

// Provider staff reach every merchant's business (spec 2 names them on nearly every item).
const PROVIDER_MENU = [
  'paymentLink',
  'transactions',
  'kycApplications',
  'properties',
  'users',
  'paymentSettings',
  'bookings',
  'refundManagement',
  'refundRules',
] as const;
/** The role picker's provider user: reviews applications (Approve), manages merchants, properties, users and refunds. */
const PROVIDER_USER_GRANTS = {
  KYCApplications: 'RA',
  Documents: 'R',
  Merchants: 'RIUD',
  Properties: 'RIUD',
  Fees: 'RIUD',
  PaymentSettings: 'RIUD',
  Notifications: 'RIUD',
  RateCodes: 'RIUD',
  // Reading a user's properties when editing them; the property management page is the merchant side's.
  MerchantScopes: 'R',
  MerchantScopeAssignment: 'RIUD',
  Transactions: 'RIUD',
  MerchantPermission: 'RIUD',
  Users: 'RIUD',
  UserScopes: 'RIUD',
  Roles: 'R',
  RoleAssignment: 'R',
  UserScopeAssignment: 'RIUD',
  UserProfiles: 'RIUD',
  Bookings: 'RIUD',
  Refund: 'RIUDA',
} as const satisfies RoleRow['grants'];
/** Provider admins add deleting applications, payouts and the product's configuration: roles, e-mail templates (the sent e-mails), API clients (decision 0182). */
const PROVIDER_ADMIN_GRANTS = {
  ...PROVIDER_USER_GRANTS,
  KYCApplications: 'RDA',
  EmailTemplates: 'RIUD',
  Clients: 'RIUD',
  Roles: 'RIUD',
  RoleAssignment: 'RIUD',
  // Insert: ask for the payout of a property paid "Manually" (decision 0704); Update: retry one.
  Payouts: 'RIU',
} as const satisfies RoleRow['grants'];

const SELLS = { Transactions: 'RIUD' } as const;
const MANAGES_USERS = { Users: 'RIUD', UserProfiles: 'RIUD', UserScopes: 'RIUD' } as const;
const SELLS_AND_REFUNDS = { Transactions: 'RIUD', Refund: 'RIUD' } as const;

export const PERMISSION_TABLE = {
  // The role picker's provider admin: every item, merchant onboarding and payouts included.
  [PROVIDER_ADMIN_ROLE]: {
    side: 'provider',
    scope: 'all',
    menu: [...PROVIDER_MENU, 'merchants', 'payouts', 'sentEmails'],
    morePages: ['fees'],
    grants: PROVIDER_ADMIN_GRANTS,
  },
  // Named on KYC applications, Properties and Payouts but not on Merchants: no merchant groups of their own making.
  SuperAdmin: {
    side: 'provider',
    scope: 'all',
    menu: [...PROVIDER_MENU, 'payouts', 'sentEmails'],
    morePages: ['fees'],
    grants: { ...PROVIDER_ADMIN_GRANTS, Merchants: 'R' },
  },
  Admin: {
    side: 'provider',
    scope: 'all',
    menu: [...PROVIDER_MENU, 'payouts', 'sentEmails'],
    morePages: ['fees'],
    grants: { ...PROVIDER_ADMIN_GRANTS, Merchants: 'R' },
  },
  // The role picker's provider user: reviews applications and manages merchants, no payouts, no product configuration.
  [PROVIDER_USER_ROLE]: {
    side: 'provider',
    scope: 'all',
    menu: [...PROVIDER_MENU, 'merchants'],
    morePages: ['fees'],
    grants: PROVIDER_USER_GRANTS,
  },
  // The role picker's provider bot: a machine account reading what it reconciles; no pages.
  [PROVIDER_BOT_ROLE]: { side: 'provider', scope: 'all', menu: [], grants: { Transactions: 'R', Payouts: 'R', Refund: 'R' } },
  // In no menu of the spec and not in the role picker: no rights until the spec gives them some (decision 0181).
  IOLBackOfficeAdmin: { side: 'provider', scope: 'none', menu: [], grants: {} },
  IOLBackOfficeUser: { side: 'provider', scope: 'none', menu: [], grants: {} },

  // Merchant side. The property switcher lands on property management, hence that page for merchant-side roles.
  MerchantAdmin: {
    side: 'merchant',
    scope: 'group',
    // Payouts: the group's payouts, their lines and settlement reports (issue 37), and asking for the payout of a
    // property paid "Manually" (Insert, decision 0704); retry stays provider staff's.
    menu: ['paymentLink', 'kyc', 'transactions', 'properties', 'users', 'paymentSettings', 'refundManagement', 'refundRules', 'payouts'],
    morePages: ['propertyManagement'],
    grants: {
      KYCApplications: 'RIU',
      Documents: 'RIU',
      Properties: 'RIUD',
      MerchantScopes: 'RIUD',
      PaymentSettings: 'RIUD',
      Notifications: 'RIUD',
      Fees: 'R',
      Payouts: 'RI',
      Refund: 'RIUDA',
      ...SELLS,
      ...MANAGES_USERS,
    },
  },
  MerchantViewOnlyUser: {
    side: 'merchant',
    scope: 'group',
    menu: ['paymentLink', 'transactions', 'properties', 'users', 'refundManagement', 'refundRules', 'payouts'],
    morePages: ['propertyManagement'],
    grants: { Transactions: 'R', Properties: 'R', Users: 'R', Refund: 'R', MerchantScopes: 'R', Payouts: 'R' },
  },
  UserManagement: {
    side: 'merchant',
    scope: 'group',
    menu: ['paymentLink', 'transactions', 'users'],
    morePages: ['propertyManagement'],
    grants: { ...SELLS, ...MANAGES_USERS, MerchantScopes: 'RIUD' },
  },
  MerchantUser: { side: 'merchant', scope: 'assigned', menu: ['paymentLink', 'transactions', 'refundManagement', 'refundRules'], grants: SELLS_AND_REFUNDS },
  CreateRefundCancelUser: {
    side: 'merchant',
    scope: 'assigned',
    menu: ['paymentLink', 'transactions', 'refundManagement', 'refundRules'],
    grants: SELLS_AND_REFUNDS,
  },
  CreateCancelUser: { side: 'merchant', scope: 'assigned', menu: ['paymentLink', 'transactions'], grants: SELLS },
  Merchant: { side: 'merchant', scope: 'assigned', menu: ['paymentLink', 'transactions'], grants: SELLS },
  OrganizationAdmin: { side: 'merchant', scope: 'assigned', menu: ['paymentLink', 'transactions', 'users'], grants: { ...SELLS, ...MANAGES_USERS } },
  MerchantUserManager: { side: 'merchant', scope: 'assigned', menu: ['paymentLink', 'transactions', 'users'], grants: { ...SELLS, ...MANAGES_USERS } },
  MerchantPublicAccess: { side: 'other', scope: 'none', menu: [], grants: {} },

  // Property side: spec 6's property-level roles, scoped to their properties.
  PropertyManager: {
    side: 'property',
    scope: 'assigned',
    // Reads the payouts of their own properties (decision 0431), and asks for those of a property paid "Manually" (0704).
    menu: ['propertyManagement', 'paymentLink', 'transactions', 'users', 'paymentSettings', 'refundManagement', 'refundRules', 'payouts'],
    grants: { MerchantScopes: 'RIUD', PaymentSettings: 'RIUD', Users: 'RIUD', UserProfiles: 'RIUD', Bookings: 'R', Refund: 'RIUDA', Payouts: 'RI', ...SELLS },
  },
  PropertyOperations: {
    side: 'property',
    scope: 'assigned',
    menu: ['propertyManagement', 'paymentLink', 'transactions', 'refundManagement', 'refundRules'],
    grants: { MerchantScopes: 'RIUD', Bookings: 'R', ...SELLS_AND_REFUNDS },
  },
  PropertyViewOnlyUser: {
    side: 'property',
    scope: 'assigned',
    menu: ['propertyManagement', 'paymentLink', 'transactions', 'refundManagement', 'refundRules'],
    grants: { MerchantScopes: 'R', Transactions: 'R', Refund: 'R' },
  },
  APIUser: { side: 'api', scope: 'assigned', menu: ['propertyManagement', 'paymentLink', 'transactions'], grants: { MerchantScopes: 'RIUD', ...SELLS } },
} as const satisfies Record<RoleName, RoleRow>;

/** Provider admins: the only roles holding EmailTemplates (the sent e-mails view reads it) and product configuration. */
export const PROVIDER_ADMINS: readonly RoleName[] = [PROVIDER_ADMIN_ROLE, 'SuperAdmin', 'Admin'];
