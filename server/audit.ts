import type { Db } from './db/database';

/**
 * A caller as the audit log names it: a person, or a property's secret key with its name and maker.
 * Written out here rather than imported, so the audit log sits below auth/ (which records sign-ins
 * in it); every caller of auth/caller.ts is one of these.
 */
export type AuditCaller = { kind: 'person'; userId: string } | { kind: 'key'; keyId: string; keyName: string; createdBy: string };

/**
 * Who did it: a user's id, the caller itself (a person or a property's secret key), or null for the
 * product (a guest's payment, a worker).
 */
export type AuditActor = string | null | AuditCaller;

/**
 * Appends to the audit log: who did what to which entity. A secret key's call names the key
 * (`actor_key_id`) and, in the detail, the key's name and who made it; never a person as the actor
 * (decision 0370).
 */
export async function audit(
  db: Db,
  actor: AuditActor,
  action: string,
  entityType: string,
  entityId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const who =
    actor === null || typeof actor === 'string'
      ? { actor_user_id: actor, actor_key_id: null, detail }
      : actor.kind === 'key'
        ? {
            actor_user_id: null,
            actor_key_id: actor.keyId,
            detail: { ...detail, apiKey: { id: actor.keyId, name: actor.keyName, createdBy: actor.createdBy } },
          }
        : { actor_user_id: actor.userId, actor_key_id: null, detail };
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: who.actor_user_id,
      actor_key_id: who.actor_key_id,
      action,
      entity_type: entityType,
      entity_id: entityId,
      detail: JSON.stringify(who.detail),
    })
    .execute();
}
