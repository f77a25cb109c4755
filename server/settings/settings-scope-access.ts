import type { SettingsScope } from '../../contract/settings/scope';
import { rowOf } from '../../contract/permission-rules';
import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';

// Who may read or change the settings of a scope (decision 0280): provider staff any; a group's
// own staff (roles scoped to the whole group) their group and its properties; property staff only
// the properties assigned to them, never the group's defaults. Outside that: 404, as if it did not exist.

export interface CheckedScope {
  merchantGroupId: string;
  /** null: the group's own settings. */
  merchantId: string | null;
}

function worksForWholeGroup(caller: Caller, merchantGroupId: string): boolean {
  return caller.merchantGroupId === merchantGroupId && caller.roles.some((role) => rowOf(role)?.scope === 'group');
}

export async function checkSettingsScope(db: Db, caller: Caller, scope: SettingsScope): Promise<CheckedScope> {
  const group = await db.selectFrom('merchant_groups').select('id').where('id', '=', scope.merchantGroupId).executeTakeFirst();
  const notFound = problems.notFound(scope.kind === 'property' ? 'no such property in this merchant group' : 'no such merchant group');
  if (!group) throw notFound;
  if (scope.kind === 'merchantGroup') {
    if (!isProviderStaff(caller) && !worksForWholeGroup(caller, scope.merchantGroupId)) throw notFound;
    return { merchantGroupId: scope.merchantGroupId, merchantId: null };
  }
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', scope.merchantId)
    .where('merchant_group_id', '=', scope.merchantGroupId)
    .executeTakeFirst();
  if (!merchant || !canSeeMerchant(caller, scope.merchantId)) throw notFound;
  return { merchantGroupId: scope.merchantGroupId, merchantId: scope.merchantId };
}
