import type { Action, Resource } from '../../contract/roles';
import { apiAllowsAnyRole } from './permissions';
import { useSession } from './session/session-provider';

/**
 * Whether the server answers the signed-in user a call that needs this access (a contract entry's
 * `access`): a screen asks before it offers or makes the call; the server decides again.
 */
export function useApiAllows(): (access: { resource: Resource; action: Action }) => boolean {
  const { user, merchantUserInfo } = useSession();
  return (access) => apiAllowsAnyRole(user?.userRoles, access, merchantUserInfo?.merchantGroupStatus ?? null);
}
