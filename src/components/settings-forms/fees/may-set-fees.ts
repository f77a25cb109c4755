import { apiAllowsAnyRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/session-provider';

/** Whether the signed-in user may set fees (Insert on Fees in the permission table); the server checks it again. */
export function useMaySetFees(): boolean {
  const { user, merchantUserInfo } = useSession();
  return apiAllowsAnyRole(user?.userRoles, { resource: 'Fees', action: 'Insert' }, merchantUserInfo?.merchantGroupStatus ?? null);
}
