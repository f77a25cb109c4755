import type { Db } from './db/database';

/** Appends to the audit log: who did what to which entity. */
export async function audit(
  db: Db,
  actorUserId: string | null,
  action: string,
  entityType: string,
  entityId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_user_id: actorUserId, action, entity_type: entityType, entity_id: entityId, detail: JSON.stringify(detail) })
    .execute();
}
