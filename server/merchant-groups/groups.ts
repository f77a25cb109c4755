import { sql } from 'kysely';
import type { OnboardingStatus } from '../../contract/merchant-groups';
import type { Db } from '../db/database';
import { PROBLEM_TYPES } from '../../contract/problem';
import { HttpProblem, problems } from '../http/problem';
import { isOnboardingStatus } from '../../machines/onboarding-lifecycle.machine';

// The merchant_groups table belongs to this module (decision 0190): the KYC module reads a group
// through these functions and changes its status through lifecycle.ts, never by its own queries.

export async function loadGroup(db: Db, groupId: string) {
  const group = await db.selectFrom('merchant_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
  if (!group) throw problems.notFound('no such merchant group');
  return withOnboardingStatus(group);
}

/** A group row with its status known to be one of the onboarding lifecycle's (a stored status that is not one is a bug). */
export function withOnboardingStatus<T extends { status: string }>(group: T): T & { status: OnboardingStatus } {
  if (!isOnboardingStatus(group.status)) throw new Error(`unknown onboarding status ${group.status}`);
  return { ...group, status: group.status as OnboardingStatus };
}

export type GroupRecord = Awaited<ReturnType<typeof loadGroup>>;

/** Groups in one of `statuses` whose status has not changed since `before` (candidates for the idle expiry). */
export async function groupsUnchangedSince(db: Db, statuses: readonly OnboardingStatus[], before: Date): Promise<{ id: string; status: OnboardingStatus }[]> {
  const rows = await db
    .selectFrom('merchant_groups')
    .select(['id', 'status'])
    .where('status', 'in', [...statuses])
    .where('status_changed_at', '<', before)
    .execute();
  return rows.map((row) => ({ id: row.id, status: row.status as OnboardingStatus }));
}

/** Whether a group of this name exists, whatever its letter case and surrounding spaces (two groups must not be confused in lists). */
export async function groupNameTaken(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('merchant_groups')
    .select('id')
    .where(sql<boolean>`lower(btrim(name)) = lower(btrim(${name}))`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The 409 for a taken group name, naming the field the caller sent it in. */
export function groupNameConflict(name: string, field: string, hint = ''): HttpProblem {
  const detail = `a merchant group named ${name} exists already${hint}`;
  return new HttpProblem({ type: PROBLEM_TYPES.conflict, title: 'Conflict', status: 409, detail, errors: { [field]: [detail] } }).withCode(
    'merchantGroup.nameTaken',
    { name },
  );
}

/**
 * A new group in status Created. Two requests creating the same name at the same moment both pass
 * groupNameTaken; the unique index on lower(btrim(name)) (migration 0201, decision 0293) stops the second.
 */
export async function insertGroup(db: Db, group: { name: string; country: string; contactEmail: string }, nameField = 'name'): Promise<string> {
  try {
    const { id } = await db
      .insertInto('merchant_groups')
      .values({ name: group.name, country: group.country, contact_email: group.contactEmail })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).code === '23505') throw groupNameConflict(group.name, nameField);
    throw error;
  }
}
