import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { PagedSchema } from './transactions';
import { isPageSize } from './paging';
import { rowOf } from './permission-rules';
import { PROVIDER_ADMINS, type RoleSide } from './permission-table';
import { BACKOFFICE_API, MERCHANT_API } from './product';
import { ActionSchema, PROVIDER_ADMIN_ROLE, PROVIDER_BOT_ROLE, PROVIDER_USER_ROLE, RoleNameSchema, UserPermissionSchema, type RoleName } from './roles';
import { UserIdParamsSchema } from './users';

// Managing people (issue 19): the users list, invitations, the role picker, scopes and guardrails.
// Who may grant what: docs/decisions/0270-who-may-grant-what.md.

/** Spec 6 "Role picker", in the picker's order, by side. */
export const PICKER_ROLES = [
  PROVIDER_ADMIN_ROLE,
  PROVIDER_USER_ROLE,
  PROVIDER_BOT_ROLE,
  'MerchantAdmin',
  'UserManagement',
  'MerchantViewOnlyUser',
  'PropertyManager',
  'PropertyOperations',
  'PropertyViewOnlyUser',
  'APIUser',
] as const satisfies readonly RoleName[];
export type PickerRole = (typeof PICKER_ROLES)[number];
export const PickerRoleSchema = z.enum(PICKER_ROLES, { message: 'pick a role from the role picker' });

export function sideOf(role: RoleName): RoleSide {
  return rowOf(role)?.side ?? 'other';
}

/** What a role covers: every merchant, its merchant group, the properties chosen for it, or nothing. */
export function scopeRuleOf(role: RoleName): 'all' | 'group' | 'assigned' | 'none' {
  return rowOf(role)?.scope ?? 'none';
}

const MERCHANT_AND_BELOW: readonly PickerRole[] = [
  'MerchantAdmin',
  'UserManagement',
  'MerchantViewOnlyUser',
  'PropertyManager',
  'PropertyOperations',
  'PropertyViewOnlyUser',
  'APIUser',
];
const PROPERTY_ROLES: readonly PickerRole[] = ['PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'APIUser'];

/**
 * The picker roles a user holding `roles` may give (grant only what you hold): provider admins any,
 * provider users any but provider admin, merchant admins the merchant and property side, user
 * management all of that but merchant admin, property managers the property side. Nobody else any.
 */
export function grantableRoles(roles: readonly RoleName[]): PickerRole[] {
  const allowed = new Set<PickerRole>();
  for (const role of roles) {
    if (PROVIDER_ADMINS.includes(role)) PICKER_ROLES.forEach((picked) => allowed.add(picked));
    else if (role === PROVIDER_USER_ROLE) PICKER_ROLES.filter((picked) => picked !== PROVIDER_ADMIN_ROLE).forEach((picked) => allowed.add(picked));
    else if (role === 'MerchantAdmin') MERCHANT_AND_BELOW.forEach((picked) => allowed.add(picked));
    else if (role === 'UserManagement') MERCHANT_AND_BELOW.filter((picked) => picked !== 'MerchantAdmin').forEach((picked) => allowed.add(picked));
    else if (role === 'PropertyManager' || role === 'OrganizationAdmin' || role === 'MerchantUserManager')
      PROPERTY_ROLES.forEach((picked) => allowed.add(picked));
  }
  return PICKER_ROLES.filter((role) => allowed.has(role));
}

export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `enter the ${label}` })
    .max(100, { message: `the ${label} has at most 100 characters` });
const MerchantIdsSchema = z.array(z.uuid({ message: 'a property id must be a uuid' })).max(500, { message: 'at most 500 properties' });

export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().refine(isPageSize, { message: 'the page size must be 10, 25, 50 or 100' }).default(25),
  /** Part of the name or e-mail, any letter case. */
  search: z.string().trim().max(200, { message: 'at most 200 characters' }).optional(),
  role: z.optional(RoleNameSchema),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

export const UserPropertySchema = z.object({ merchantId: z.string(), name: z.string() });

export const UserRowSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The current role (the first of the user's roles); null for an account without any. */
  role: z.nullable(RoleNameSchema),
  merchantGroupId: z.string().nullable(),
  merchantGroupName: z.string().nullable(),
  /** What the role covers; `properties` lists them when it is `assigned`. */
  scope: z.enum(['all', 'group', 'assigned', 'none']),
  properties: z.array(UserPropertySchema),
  status: z.enum(USER_STATUSES),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * When the user's name, role, properties or status last changed: the version a change is made from. A change sent
   * with it in `If-Match` is refused (412) once someone else has changed the user since (decision 0355).
   */
  updatedAt: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;
export const UserPageSchema = PagedSchema(UserRowSchema);
export type UserPage = z.infer<typeof UserPageSchema>;

export const UserDetailSchema = UserRowSchema.extend({
  /** Whether the caller may change this user (role within theirs, scope within theirs, not themselves for role and status). */
  mayManage: z.boolean(),
  /** When the newest invitation link stops working; null when none is open. */
  invitationExpiresAt: z.string().nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

export const CreateUserBodySchema = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320, { message: 'at most 320 characters' })
    .pipe(z.email({ message: 'enter a valid e-mail address' })),
  role: PickerRoleSchema,
  /** The merchant group of a merchant- or property-side user; a merchant-side caller's own group when absent. */
  merchantGroupId: z.uuid({ message: 'the merchant group id must be a uuid' }).optional(),
  /** The properties a property-side role covers (merchant-side roles cover their whole group). */
  merchantIds: MerchantIdsSchema.default([]),
});
export type CreateUserBody = z.input<typeof CreateUserBodySchema>;

/** What a change made from a version someone has replaced since is told (412, decision 0355). */
export const USER_CHANGED_DETAIL =
  'this user was changed by someone else after you opened them; nothing was saved. Load their current access, then make your change again';

export const UpdateUserBodySchema = z.object({
  userId: z.uuid({ message: 'the user id must be a uuid' }),
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  role: PickerRoleSchema,
  merchantIds: MerchantIdsSchema.default([]),
});
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

export const AssignScopeBodySchema = z.object({ userId: z.uuid({ message: 'the user id must be a uuid' }), merchantIds: MerchantIdsSchema });

/**
 * A property's managers (the property-manager settings page): the property managers of its group there are to
 * choose from, and which of them cover it. `version` names that choice, not the managers' other properties: a save
 * sent with it in `If-Match` is refused (412) once someone else has given or taken the property, or added or
 * removed a manager to choose from (decision 0684). Each manager's other properties are kept as they are when the
 * save is made, so a save never undoes a change to them.
 */
export const PropertyManagersSchema = z.object({
  merchantId: z.string(),
  /** The group's property managers the caller may see, deactivated ones left out, by name. */
  managers: z.array(UserRowSchema),
  version: z.string(),
});
export type PropertyManagers = z.infer<typeof PropertyManagersSchema>;
export const PropertyManagersParamsSchema = z.object({ merchantId: z.uuid({ message: 'the property id must be a uuid' }) });
export const SetPropertyManagersBodySchema = z.object({
  /** The managers who are to cover the property; those left out stop covering it. */
  userIds: z.array(z.uuid({ message: 'a user id must be a uuid' })).max(500, { message: 'at most 500 managers' }),
});
export type SetPropertyManagersBody = z.input<typeof SetPropertyManagersBodySchema>;
/** What a property managers' save made from a choice someone has changed since is told (412, decision 0684). */
export const PROPERTY_MANAGERS_CHANGED_DETAIL =
  "this property's managers were changed by someone else after you opened them; nothing was saved. Load the current managers, then make your change again";

export const AssignablePropertiesQuerySchema = z.object({ merchantGroupId: z.uuid({ message: 'the merchant group id must be a uuid' }).optional() });
export const AssignablePropertySchema = z.object({ merchantId: z.string(), name: z.string(), status: z.string() });
export const AssignableGroupSchema = z.object({ merchantGroupId: z.string(), name: z.string() });

export const UserAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** `by`: the user did it; `about`: it was done to the user. */
  relation: z.enum(['by', 'about']),
  actorName: z.string().nullable(),
  entityType: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type UserAuditEntry = z.infer<typeof UserAuditEntrySchema>;

// Spec 7 `user-merchant-settings` and `user-merchant-permissions/*` on the one scope model (decision 0312):
// what a role may do at a property and who holds it there, and a user's transactions permission per
// property, which is their scope (user_merchant_scopes and the role's scope rule), never a second table.
const MerchantIdSchema = z.uuid({ message: 'the property id must be a uuid' });
export const UserMerchantSettingsQuerySchema = z.object({ MerchantId: MerchantIdSchema, UserRole: RoleNameSchema });
export const UserMerchantSettingsSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  userRole: RoleNameSchema,
  /** How the role reaches properties: every one, the whole group, or those assigned. */
  scope: z.enum(['all', 'group', 'assigned', 'none']),
  /** What the role may do at the property (the permission table's grants). */
  permissions: z.array(UserPermissionSchema),
  /** The users of the property's group holding the role whose scope covers the property. */
  users: z.array(UserRowSchema),
});
export const MerchantUsersBodySchema = z.object({ merchantId: MerchantIdSchema });
export const TransactionPermissionSearchSchema = z.object({
  merchantGroupId: z.uuid({ message: 'the merchant group id must be a uuid' }),
  /** Only these properties of the group; all of them when left out. */
  merchantIds: MerchantIdsSchema.optional(),
  userId: z.uuid({ message: 'the user id must be a uuid' }),
});
export const TransactionPermissionSchema = z.object({
  merchantId: z.string(),
  name: z.string(),
  /** The user's actions on the property's transactions; empty outside their scope. */
  actions: z.array(ActionSchema),
});
export const MerchantPermissionEntrySchema = z.object({
  merchantId: z.string(),
  merchantGroupId: z.string(),
  name: z.string(),
  permissions: z.array(UserPermissionSchema),
});

const READ_USERS = { resource: 'Users', action: 'Read' } as const;
const UPDATE_USERS = { resource: 'Users', action: 'Update' } as const;
const USER_ID = UserIdParamsSchema;

export const userAdminEndpoints = endpointTable([
  defineEndpoint({
    id: 'listUsers',
    method: 'GET',
    path: `${MERCHANT_API}/users`,
    summary: 'Users the caller may see (provider staff: everyone; merchant side: their group), by name, with role, scope, status and last sign-in',
    access: READ_USERS,
    query: UserListQuerySchema,
    response: UserPageSchema,
  }),
  defineEndpoint({
    id: 'listGroupUsers',
    method: 'GET',
    path: `${MERCHANT_API}/users/merchant-group/{id}`,
    summary: "One merchant group's users (id = merchantGroupId): any group for provider staff, your own otherwise",
    access: READ_USERS,
    params: z.object({ id: z.uuid({ message: 'the merchant group id must be a uuid' }) }),
    query: UserListQuerySchema,
    response: UserPageSchema,
  }),
  defineEndpoint({
    id: 'getUserDetail',
    method: 'GET',
    path: `${MERCHANT_API}/users/{id}/details`,
    summary: 'A user as the user screen shows them: role, scope, status, last sign-in, whether you may change them',
    access: READ_USERS,
    params: USER_ID,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'getUserAudit',
    method: 'GET',
    path: `${MERCHANT_API}/users/{id}/audit`,
    summary: "A user's audit trail, newest first: what they changed and what was changed about them (the newest 100)",
    access: READ_USERS,
    params: USER_ID,
    response: z.array(UserAuditEntrySchema),
  }),
  defineEndpoint({
    id: 'createUser',
    method: 'POST',
    path: `${MERCHANT_API}/users`,
    summary: 'Invites a user with a role and scope within your own; the e-mailed one-time link sets their password',
    access: { resource: 'Users', action: 'Insert' },
    body: CreateUserBodySchema,
    response: UserDetailSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'updateUser',
    method: 'PUT',
    path: `${MERCHANT_API}/users`,
    summary:
      "Changes a user's name, role and scope within your own (never your own role); takes effect on their next request; 412 when If-Match names a version no longer current",
    access: UPDATE_USERS,
    body: UpdateUserBodySchema,
    response: UserDetailSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'assignUserScope',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-scopes/assign`,
    summary: 'Sets the properties a property-side user covers, within your own scope',
    access: UPDATE_USERS,
    body: AssignScopeBodySchema,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'getPropertyManagers',
    method: 'GET',
    path: `${MERCHANT_API}/property-managers/{merchantId}`,
    summary: "A property's managers: the property managers of its group you may see, which of them cover it, and the version of that choice",
    access: READ_USERS,
    params: PropertyManagersParamsSchema,
    response: PropertyManagersSchema,
  }),
  defineEndpoint({
    id: 'setPropertyManagers',
    method: 'PUT',
    path: `${MERCHANT_API}/property-managers/{merchantId}`,
    summary:
      "Sets which of the group's property managers cover the property, in one change; each keeps their other properties; 412 when If-Match names a version no longer current",
    access: UPDATE_USERS,
    params: PropertyManagersParamsSchema,
    body: SetPropertyManagersBodySchema,
    response: PropertyManagersSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'resendInvitation',
    method: 'POST',
    path: `${MERCHANT_API}/users/{id}/invitation`,
    summary: 'Sends an invited user a new invitation link (the older one stops working)',
    access: { resource: 'Users', action: 'Insert' },
    params: USER_ID,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'deactivateUser',
    method: 'POST',
    path: `${MERCHANT_API}/users/{id}/deactivate`,
    summary: 'Deactivates a user and ends their sessions at once (never the last active admin)',
    access: { resource: 'Users', action: 'Delete' },
    params: USER_ID,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'reactivateUser',
    method: 'POST',
    path: `${MERCHANT_API}/users/{id}/reactivate`,
    summary: 'Lets a deactivated user sign in again',
    access: UPDATE_USERS,
    params: USER_ID,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'getAssignableProperties',
    method: 'GET',
    path: `${MERCHANT_API}/user-merchant-permissions/properties`,
    summary: "The properties you may give a user: your group's (or the group named, for provider staff), within your own scope",
    access: { resource: 'Users', action: 'Insert' },
    query: AssignablePropertiesQuerySchema,
    response: z.array(AssignablePropertySchema),
  }),
  defineEndpoint({
    id: 'getAssignableGroups',
    method: 'GET',
    path: `${MERCHANT_API}/user-merchant-permissions/groups`,
    summary: 'The merchant groups you may add users to: every group for provider staff, your own otherwise',
    access: { resource: 'Users', action: 'Insert' },
    response: z.array(AssignableGroupSchema),
  }),
  defineEndpoint({
    id: 'getUserMerchantSettings',
    method: 'GET',
    path: `${MERCHANT_API}/user-merchant-settings`,
    summary: 'What a role may do at a property, and the users of its group holding that role there (query MerchantId, UserRole)',
    access: READ_USERS,
    query: UserMerchantSettingsQuerySchema,
    response: UserMerchantSettingsSchema,
  }),
  defineEndpoint({
    id: 'listMerchantPermissionUsers',
    method: 'POST',
    path: `${BACKOFFICE_API}/user-merchant-permissions/users`,
    summary: "The users of a property's merchant group whose scope covers the property, as far as you may see them",
    access: READ_USERS,
    body: MerchantUsersBodySchema,
    response: z.array(UserRowSchema),
  }),
  defineEndpoint({
    id: 'searchTransactionPermissions',
    method: 'POST',
    path: `${BACKOFFICE_API}/user-merchant-permissions/transactions/search`,
    summary: "A user's transactions permission at each property of a merchant group (their scope and role)",
    access: READ_USERS,
    body: TransactionPermissionSearchSchema,
    response: z.array(TransactionPermissionSchema),
  }),
  defineEndpoint({
    id: 'setTransactionPermissions',
    method: 'POST',
    path: `${BACKOFFICE_API}/user-merchant-permissions/transactions`,
    summary: 'Sets the properties whose transactions a user works on: their scope, as merchant-scopes/assign, within your own',
    access: UPDATE_USERS,
    body: AssignScopeBodySchema,
    response: UserDetailSchema,
  }),
  defineEndpoint({
    id: 'searchMyMerchantPermissions',
    method: 'POST',
    path: `${BACKOFFICE_API}/user-merchant-permissions/search`,
    summary: 'Your own permissions at each property you may see (empty body)',
    access: 'session',
    body: z.object({}).strict().optional(),
    response: z.array(MerchantPermissionEntrySchema),
  }),
]);
