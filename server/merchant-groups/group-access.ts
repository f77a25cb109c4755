import { can, isProviderStaff, type Caller } from '../auth/caller';
import { problems } from '../http/problem';

// Who may see a merchant group and its application, and who reviews them (spec 6, issue 5):
// provider staff see every group; the group's own users see theirs; provider reviewers review.

export function assertMaySee(caller: Caller, groupId: string): void {
  if (isProviderStaff(caller) || caller.merchantGroupId === groupId) return;
  throw problems.forbidden("you may only open your own merchant group's application");
}

export function assertReviewer(caller: Caller): void {
  if (!isProviderStaff(caller) || !can(caller, 'KYCApplications', 'Approve')) throw problems.forbidden('only provider reviewers may review applications');
}
