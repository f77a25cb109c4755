import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SECRET_KEY_PREFIX } from '../../contract/secret-keys';
import type { Db } from '../db/database';
import { permissionsOfRoles, type KeyCaller } from './caller';

export const API_KEY_ROLE = 'APIUser';

/**
 * How a secret key is stored and found (decision 0262): its SHA-256 (a key is 32 random bytes, so a
 * slow password hash adds nothing). Kept here, where a key is recognised; the properties module that
 * makes keys stores this same hash.
 */
export function hashSecretKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function looksLikeSecretKey(token: string): boolean {
  return token.startsWith(SECRET_KEY_PREFIX);
}

/**
 * The caller a property's secret key stands for (decisions 0262, 0370): the key itself, with the
 * APIUser role's grants, scoped to the key's property alone; undefined for an unknown, revoked or
 * expired key. The key belongs to the property: whether its maker is still a user does not matter.
 */
export async function callerOfSecretKey(db: Db, key: string): Promise<KeyCaller | undefined> {
  const row = await db
    .selectFrom('property_api_keys')
    .innerJoin('merchants', 'merchants.id', 'property_api_keys.merchant_id')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select([
      'property_api_keys.id',
      'property_api_keys.name',
      'property_api_keys.merchant_id',
      'property_api_keys.created_by',
      'merchants.merchant_group_id',
      'merchant_groups.status',
    ])
    .where('property_api_keys.key_hash', '=', hashSecretKey(key))
    .where('property_api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('property_api_keys.expires_at', 'is', null), eb('property_api_keys.expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('property_api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', row.id)
    .execute();
  return {
    kind: 'key',
    keyId: row.id,
    keyName: row.name,
    merchantId: row.merchant_id,
    createdBy: row.created_by,
    roles: [API_KEY_ROLE],
    permissions: await permissionsOfRoles(db, [API_KEY_ROLE], 'role_api_grants'),
    merchantGroupId: row.merchant_group_id,
    merchantGroupStatus: row.status,
    merchantScope: [row.merchant_id],
  };
}
