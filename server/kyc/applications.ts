import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { GroupApplications } from '../merchant-groups/merchant-group-routes';

// The KYC tables (kyc_applications, their drafts, flags and documents) belong to this module
// (decision 0190). The merchant-groups module learns about a group's application only through
// these functions, handed to it as `groupApplications` (decision 0455): the application row, and SQL over it correlated on a group id, so the KYC
// applications list can filter and sort by application dates without naming KYC tables itself.

/** The application row of a group, created on first use (a group always has exactly one). */
export async function ensureApplication(db: Db, groupId: string) {
  const existing = await db.selectFrom('kyc_applications').selectAll().where('merchant_group_id', '=', groupId).executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('kyc_applications')
    .values({ merchant_group_id: groupId })
    .onConflict((oc) => oc.column('merchant_group_id').doNothing())
    .execute();
  return db.selectFrom('kyc_applications').selectAll().where('merchant_group_id', '=', groupId).executeTakeFirstOrThrow();
}

export async function applicationIdOf(db: Db, groupId: string): Promise<string | null> {
  const row = await db.selectFrom('kyc_applications').select('id').where('merchant_group_id', '=', groupId).executeTakeFirst();
  return row?.id ?? null;
}

/** One column of the application of the group `groupId` refers to (NULL without one). */
export function applicationColumnSql<T>(column: 'id' | 'created_at' | 'submitted_at' | 'updated_at', groupId: RawBuilder<unknown>): RawBuilder<T> {
  return sql<T>`(SELECT a.${sql.ref(column)} FROM kyc_applications a WHERE a.merchant_group_id = ${groupId})`;
}

/** How many review flags of that group's application are still open. */
export function openFlagCountSql(groupId: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(SELECT count(*) FROM kyc_review_flags f JOIN kyc_applications a ON a.id = f.application_id WHERE a.merchant_group_id = ${groupId} AND f.resolved_at IS NULL)`;
}

/** Of these groups, the ones whose application has not been saved since `before` (or has none). */
export async function applicationsUntouchedSince(db: Db, groupIds: readonly string[], before: Date): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const touched = await db
    .selectFrom('kyc_applications')
    .select('merchant_group_id')
    .where('merchant_group_id', 'in', [...groupIds])
    .where('updated_at', '>=', before)
    .execute();
  const recent = new Set(touched.map((row) => row.merchant_group_id));
  return new Set(groupIds.filter((id) => !recent.has(id)));
}

/** What the merchant-group answers read from a group's application (server/modules.ts hands it to them). */
export const groupApplications: GroupApplications = {
  ensure: ensureApplication,
  idOf: applicationIdOf,
  columnSql: applicationColumnSql,
  openFlagCountSql,
};
