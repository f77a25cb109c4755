import { type MerchantUserInfo } from '../../contract/users';
import type { Db } from '../db/database';

export async function findUserProfileRow(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'merchant_group_id']).where('id', '=', userId).executeTakeFirst();
}

/** The user's merchant group, read with the user (one query); the group fields are null for provider staff. */
export async function findMerchantUserInfo(db: Db, userId: string): Promise<MerchantUserInfo | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('merchant_groups', 'merchant_groups.id', 'users.merchant_group_id')
    .select(['users.id as userId', 'merchant_groups.id as groupId', 'merchant_groups.name as groupName', 'merchant_groups.status as groupStatus'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.userId,
    merchantGroupId: row.groupId ?? null,
    merchantGroupName: row.groupName ?? null,
    merchantGroupStatus: (row.groupStatus ?? null) as MerchantUserInfo['merchantGroupStatus'],
  };
}
