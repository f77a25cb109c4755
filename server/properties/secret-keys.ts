import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { SECRET_KEY_PREFIX, type SecretKey } from '../../contract/secret-keys';
import { audit } from '../audit';
import { hashSecretKey } from '../auth/api-key-caller';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { toIso } from '../lists/list-query';
import { PROPERTY_ENTITY } from './property-overview';
import { propertyRecord } from './property-query';

// Making, listing, rotating and revoking a property's API keys (decision 0262). A key is 32 random
// bytes; its SHA-256 is stored (hashSecretKey: auth/ recognises a key by the same hash).

type KeyRow = {
  id: string;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
};
const COLUMNS = ['id', 'name', 'key_prefix', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'] as const;
const iso = (value: Date | null) => (value === null ? null : toIso(value));

function toSecretKey(row: KeyRow): SecretKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    createdAt: toIso(row.created_at),
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
  };
}

async function assertProperty(db: Db, caller: Caller, merchantId: string) {
  if (!(await propertyRecord(db, merchantId, caller.merchantScope))) throw problems.notFound(`property ${merchantId} not found`);
}

export async function listSecretKeys(db: Db, caller: Caller, merchantId: string): Promise<SecretKey[]> {
  await assertProperty(db, caller, merchantId);
  const rows = await db.selectFrom('property_api_keys').select(COLUMNS).where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').execute();
  return rows.map(toSecretKey);
}

async function insertKey(db: Db, caller: Caller, merchantId: string, name: string) {
  const key = `${SECRET_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('property_api_keys')
    .values({ merchant_id: merchantId, name, key_prefix: key.slice(0, SECRET_KEY_PREFIX.length + 6), key_hash: hashSecretKey(key), created_by: caller.userId })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toSecretKey(row), key };
}

export async function createSecretKey(db: Db, caller: Caller, merchantId: string, name: string) {
  await assertProperty(db, caller, merchantId);
  const made = await insertKey(db, caller, merchantId, name);
  await audit(db, caller.userId, 'property.secretKey.create', PROPERTY_ENTITY, merchantId, { keyId: made.id, name });
  return made;
}

async function liveKey(db: Db, merchantId: string, keyId: string) {
  const row = await db
    .selectFrom('property_api_keys')
    .select([...COLUMNS])
    .where('id', '=', keyId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw problems.notFound(`key ${keyId} not found`);
  if (row.revoked_at !== null) throw problems.conflict('the key is revoked already').withCode('secretKey.revokedAlready');
  return row;
}

export async function rotateSecretKey(db: Db, caller: Caller, merchantId: string, keyId: string, overlapHours: number) {
  await assertProperty(db, caller, merchantId);
  const old = await liveKey(db, merchantId, keyId);
  if (old.expires_at !== null) throw problems.conflict('the key is being replaced already').withCode('secretKey.replacedAlready');
  await db
    .updateTable('property_api_keys')
    .set({ expires_at: sql`now() + ${`${overlapHours} hours`}::interval` })
    .where('id', '=', keyId)
    .execute();
  const made = await insertKey(db, caller, merchantId, old.name);
  await audit(db, caller.userId, 'property.secretKey.rotate', PROPERTY_ENTITY, merchantId, { keyId, successor: made.id, overlapHours });
  return made;
}

export async function revokeSecretKey(db: Db, caller: Caller, merchantId: string, keyId: string): Promise<SecretKey> {
  await assertProperty(db, caller, merchantId);
  await liveKey(db, merchantId, keyId);
  const row = await db
    .updateTable('property_api_keys')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', keyId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  await audit(db, caller.userId, 'property.secretKey.revoke', PROPERTY_ENTITY, merchantId, { keyId });
  return toSecretKey(row);
}
