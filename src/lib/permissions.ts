import { actionsOf, groupOpensPage } from '../../contract/permission-rules';
import { PAGE_AREAS, type PageAreaKey } from '../../contract/permission-table';
import { ID_PLACEHOLDER, patternOf, routeOf, trimSlash } from './route-match';
import { PROVIDER_ADMIN_ROLE, PROVIDER_USER_ROLE, type Action, type Resource, type UserPermission } from '../../contract/roles';

export { ID_PLACEHOLDER, routeOf };

// Spec 2 "Session rules" and "Home by role"; spec 5 "Route permission match"; spec 6 "Route demands".

/** What a route demands: a resource and a set of actions. No demand = always allowed. */
export interface RouteDemand {
  resource: Resource;
  actions: readonly Action[];
}

export interface GuardedRoute {
  /** Path with an optional `[id]` placeholder, as the spec writes it. */
  path: string;
  demand?: RouteDemand;
  public?: boolean;
}

/** Identical sets: the same actions, no more, no fewer (spec 5: not a subset). */
export function sameActionSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((action) => right.has(action));
}

export function demandMet(demand: RouteDemand | undefined, permissions: readonly UserPermission[]): boolean {
  if (!demand || demand.actions.length === 0) return true;
  const held = permissions.find((entry) => entry.resource === demand.resource);
  return held !== undefined && sameActionSet(held.permissions, demand.actions);
}

/** What the pages of an area of the permission table demand: its resource and exact action set. */
export function areaDemand(area: PageAreaKey): RouteDemand {
  return { resource: PAGE_AREAS[area].resource, actions: actionsOf(PAGE_AREAS[area].actions) };
}

/**
 * Whether the route guard lets this user into an area's pages: its demand met and, in a merchant
 * group, the group's status opening it (spec 2). A screen asks before it links there, so a link never
 * lands its user back on their home.
 */
export function mayOpenArea(area: PageAreaKey, permissions: readonly UserPermission[], groupStatus: string | null | undefined): boolean {
  const wanted = areaDemand(area);
  return demandMet(wanted, permissions) && groupOpensPage(wanted.resource, groupStatus);
}

/** The concrete path of a route for the `id` query parameter (spec 2: "[id] replaced by the id query parameter"). */
export function concretePath(path: string, id: string | undefined): string {
  return id === undefined ? path : path.replace(ID_PLACEHOLDER, id);
}

/** The `id` of a location: the `id` query parameter, else the path segment where the route has `[id]`. */
export function idOf(routes: readonly GuardedRoute[], pathname: string, search: string): string | undefined {
  const fromQuery = new URLSearchParams(search).get('id');
  if (fromQuery) return fromQuery;
  for (const route of routes) {
    if (!route.path.includes(ID_PLACEHOLDER)) continue;
    const match = patternOf(route.path).exec(pathname);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/** Every concrete path the permissions allow, routes without demands included. */
export function allowedPaths(routes: readonly GuardedRoute[], permissions: readonly UserPermission[], id: string | undefined): string[] {
  return routes.filter((route) => demandMet(route.demand, permissions)).map((route) => concretePath(route.path, id));
}

/** Whether the current location is among the paths the user's permissions allow. */
export function isLocationAllowed(routes: readonly GuardedRoute[], pathname: string, search: string, permissions: readonly UserPermission[]): boolean {
  const id = idOf(routes, trimSlash(pathname), search);
  return allowedPaths(routes, permissions, id).includes(trimSlash(pathname));
}

/** The current role is the first role in the user's list (spec 6). */
export function currentRoleOf(userRoles: readonly { roleName: string }[] | undefined): string | undefined {
  return userRoles?.[0]?.roleName;
}

export const ROOT_PATH = '/';
const HOME_BY_ROLE: Record<string, string> = {
  [PROVIDER_ADMIN_ROLE]: '/kyc/applications',
  [PROVIDER_USER_ROLE]: '/kyc/applications',
  MerchantAdmin: '/home',
  MerchantViewOnlyUser: '/home',
  PropertyManager: '/property-management',
  PropertyOperations: '/property-management',
  PropertyViewOnlyUser: '/property-management',
  UserManagement: '/users',
};

/** Spec 2 "Home by role"; the root for a role the table does not name. */
export function homeOf(role: string | undefined): string {
  return (role && HOME_BY_ROLE[role]) || ROOT_PATH;
}
