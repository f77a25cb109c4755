import { apiGrantsOf, pageAccessOf, rowOf, type Grants } from '../../contract/permission-rules';
import type { RoleSide } from '../../contract/permission-table';
import { ROLES, type RoleName } from '../../contract/roles';

// Both representations of a role come from the one permission table (contract/permission-table.ts;
// docs/decisions/0110-page-access-and-api-grants.md, 0180-one-permission-table.md):
// - PAGE ACCESS (`role_permissions`, returned as userPermissions): the exact set each reachable page
//   demands, because the route guard compares sets exactly (spec 5);
// - API GRANTS (`role_api_grants`): what the server enforces, the table's cells as they are.

const byRole = <T>(of: (role: RoleName) => T): Record<RoleName, T> => Object.fromEntries(ROLES.map((role) => [role, of(role)])) as Record<RoleName, T>;

export const ROLE_SIDES: Record<RoleName, RoleSide> = byRole((role) => rowOf(role)?.side ?? 'other');
export const ROLE_PAGE_GRANTS: Record<RoleName, Grants> = byRole(pageAccessOf);
export const ROLE_API_GRANTS: Record<RoleName, Grants> = byRole(apiGrantsOf);
