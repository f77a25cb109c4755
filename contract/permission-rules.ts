import { MENU, PAGE_AREAS, PERMISSION_TABLE, type ActionLetters, type MenuKey, type PageAreaKey, type RoleRow } from './permission-table';
import { ACTIONS, ROLES, type Action, type Resource, type RoleName } from './roles';

// What the one permission table (contract/permission-table.ts) means, for both the SPA and the server.

export type Grants = Partial<Record<Resource, Action[]>>;

const LETTERS: Record<Action, string> = { Read: 'R', Insert: 'I', Update: 'U', Delete: 'D', Approve: 'A' };

export function actionsOf(letters: ActionLetters): Action[] {
  return ACTIONS.filter((action) => letters.includes(LETTERS[action]));
}

export function lettersOf(actions: readonly Action[]): string {
  return ACTIONS.filter((action) => actions.includes(action))
    .map((action) => LETTERS[action])
    .join('');
}

export function rowOf(role: string | undefined): RoleRow | undefined {
  return role !== undefined && Object.hasOwn(PERMISSION_TABLE, role) ? PERMISSION_TABLE[role as RoleName] : undefined;
}

/** What the server lets a role do: written to role_api_grants, enforced on every call. */
export function apiGrantsOf(role: RoleName): Grants {
  const grants: Grants = {};
  for (const [resource, letters] of Object.entries(rowOf(role)?.grants ?? {}) as [Resource, ActionLetters][]) grants[resource] = actionsOf(letters);
  return grants;
}

/** The page areas a role reaches: those of its menu items and the further pages its row names. */
export function pageAreasOf(role: RoleName): PageAreaKey[] {
  const row = rowOf(role);
  if (!row) return [];
  const fromMenu = MENU.filter((item) => (row.menu as readonly string[]).includes(item.key)).map((item) => item.area);
  return [...new Set<PageAreaKey>([...fromMenu, ...(row.morePages ?? [])])];
}

/**
 * Page access (role_permissions, the SPA's userPermissions): per resource, the exact action set its
 * pages demand, because the route guard compares sets exactly (spec 5; decision 0110).
 */
export function pageAccessOf(role: RoleName): Grants {
  const access: Grants = {};
  for (const area of pageAreasOf(role)) {
    const { resource, actions } = PAGE_AREAS[area];
    const demanded = actionsOf(actions);
    const held = access[resource];
    if (held && lettersOf(held) !== actions) throw new Error(`${role} reaches pages demanding two different action sets on ${resource}`);
    access[resource] = demanded;
  }
  return access;
}

export function rolesWithMenuItem(key: MenuKey): RoleName[] {
  return ROLES.filter((role) => (rowOf(role)?.menu as readonly string[] | undefined)?.includes(key));
}

export function rolesGranted(resource: Resource, action: Action): RoleName[] {
  return ROLES.filter((role) => apiGrantsOf(role)[resource]?.includes(action));
}

/** Group statuses during which the KYC pages are open (spec 2: the KYC item shows only then). */
export const KYC_GROUP_STATUSES = ['Created', 'Pending', 'InReview', 'SentForResubmission'] as const;
/** A merchant group's own application: what its users work on before the group is Active. */
export const ONBOARDING_RESOURCES: readonly Resource[] = ['KYCApplications', 'Documents'];

const isKycStatus = (status: string) => (KYC_GROUP_STATUSES as readonly string[]).includes(status);

/**
 * Spec 2 for pages (menu and route guard): a user of a merchant group sees the group's business only
 * when the group is Active, and the KYC pages only while it onboards. `null`: no group (provider
 * staff), nothing closed; `undefined`: not known yet, everything of a group closed.
 */
export function groupOpensPage(resource: Resource, groupStatus: string | null | undefined): boolean {
  if (groupStatus === null) return true;
  if (groupStatus === undefined) return false;
  return ONBOARDING_RESOURCES.includes(resource) ? isKycStatus(groupStatus) : groupStatus === 'Active';
}

/**
 * The server's half of the same rule (decision 0183): the group's business calls need an Active
 * group; calls on its own application stay open, the onboarding lifecycle deciding what may change.
 */
export function groupOpensApi(resource: Resource, groupStatus: string | null): boolean {
  return groupStatus === null || groupStatus === 'Active' || ONBOARDING_RESOURCES.includes(resource);
}

/** Whether the server lets a user with this role (in a group of this status) call what needs `action` on `resource`. */
export function apiAllows(role: RoleName, resource: Resource, action: Action, groupStatus: string | null): boolean {
  return (apiGrantsOf(role)[resource]?.includes(action) ?? false) && groupOpensApi(resource, groupStatus);
}
