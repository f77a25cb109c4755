import { isProviderStaff, type Caller } from '../auth/caller';
import { problems } from '../http/problem';

// Only the group's own users fill in its application (spec 6, issue 5). Who may see a group, and
// who reviews, is the merchant-groups module's (server/merchant-groups/group-access.ts).

export function assertApplicant(caller: Caller, groupId: string): void {
  if (caller.merchantGroupId !== groupId || isProviderStaff(caller)) throw problems.forbidden("only the merchant group's own admin may change its application");
}
