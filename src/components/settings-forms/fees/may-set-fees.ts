import { apiAllows } from '../../../../contract/permission-rules';
import type { RoleName } from '../../../../contract/roles';
import { currentRoleOf } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/session-provider';

/** Whether the signed-in user may set fees (Insert on Fees in the permission table); the server checks it again. */
export function useMaySetFees(): boolean {
  const { user, merchantUserInfo } = useSession();
  const role = currentRoleOf(user?.userRoles);
  if (!role) return false;
  return apiAllows(role as RoleName, 'Fees', 'Insert', merchantUserInfo?.merchantGroupStatus ?? null);
}
