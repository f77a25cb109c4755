import { sql } from 'kysely';
import { SETTINGS_KIND_DEFINITIONS, type SettingsKind } from '../../contract/settings/kinds';
import type { FieldSource, SettingsAnswer } from '../../contract/settings/endpoints';
import type { PaymentSettings } from '../../contract/settings/payment';
import type { ProcessingSettings } from '../../contract/settings/processing';
import { PAYOUT_DEFAULTS, type PayoutSettings } from '../../contract/settings/payout';
import type { PayoutEmails } from '../../contract/settings/payout-emails';
import type { NotificationSettings } from '../../contract/settings/notifications';
import { startingTimeZone } from '../../contract/country-time-zones';
import type { Db } from '../db/database';

// The settings store (decision 0250): one merchant_settings row per scope and kind. The group's row
// (merchant_id NULL) holds every field it saved; a property's row holds only the fields it
// overrides, so a property follows its group's changes for every field it has not made its own.

type Values = Record<string, unknown>;

interface StoredRow {
  id: string;
  merchant_id: string | null;
  data: Values;
  updated_at: Date | string;
}

async function rowsOf(db: Db, merchantGroupId: string, kind: SettingsKind, merchantId: string | null): Promise<StoredRow[]> {
  return db
    .selectFrom('merchant_settings')
    .select(['id', 'merchant_id', 'data', 'updated_at'])
    .where('merchant_group_id', '=', merchantGroupId)
    .where('kind', '=', SETTINGS_KIND_DEFINITIONS[kind].storedAs)
    .where((eb) => (merchantId ? eb.or([eb('merchant_id', '=', merchantId), eb('merchant_id', 'is', null)]) : eb('merchant_id', 'is', null)))
    .execute() as Promise<StoredRow[]>;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Only the fields the kind defines: a stored row never answers a field the schema no longer has. */
function known(kind: SettingsKind, data: Values): Values {
  const fields = Object.keys(SETTINGS_KIND_DEFINITIONS[kind].defaults);
  return Object.fromEntries(Object.entries(data).filter(([field]) => fields.includes(field)));
}

/**
 * The zone most of a group's properties keep (decision 0560's second choice), as a subquery correlated to
 * `merchant_groups`: the capabilities answer's new-property start and a group's location default read it alike.
 */
export const mostKeptPropertyTimeZone = sql<string | null>`(SELECT m.timezone FROM merchants m WHERE m.merchant_group_id = merchant_groups.id
  GROUP BY m.timezone ORDER BY count(*) DESC, m.timezone LIMIT 1)`;

/**
 * The time zone a location page shows while nothing is saved for it (decision 0562), instead of one fixed place: a
 * property's own zone (the one its day is counted in), a group's the zone a new property of it starts with
 * (decision 0560's rule, with no saved location).
 */
async function unsavedTimeZone(db: Db, merchantGroupId: string, merchantId: string | null): Promise<string | undefined> {
  if (merchantId) {
    const property = await db
      .selectFrom('merchants')
      .select('timezone')
      .where('id', '=', merchantId)
      .where('merchant_group_id', '=', merchantGroupId)
      .executeTakeFirst();
    return property?.timezone;
  }
  const group = await db
    .selectFrom('merchant_groups')
    .select(['country', mostKeptPropertyTimeZone.as('property_timezone')])
    .where('id', '=', merchantGroupId)
    .executeTakeFirst();
  return group ? startingTimeZone(group.country, [group.property_timezone]) : undefined;
}

export async function readSettings(db: Db, merchantGroupId: string, kind: SettingsKind, merchantId: string | null): Promise<SettingsAnswer> {
  const rows = await rowsOf(db, merchantGroupId, kind, merchantId);
  const groupRow = rows.find((row) => row.merchant_id === null);
  const ownRow = merchantId ? rows.find((row) => row.merchant_id === merchantId) : undefined;
  const group = known(kind, groupRow?.data ?? {});
  const own = known(kind, ownRow?.data ?? {});
  const values: Values = {};
  const sources: Record<string, FieldSource> = {};
  for (const [field, fallback] of Object.entries(SETTINGS_KIND_DEFINITIONS[kind].defaults)) {
    if (field in own) [values[field], sources[field]] = [own[field], 'property'];
    else if (field in group) [values[field], sources[field]] = [group[field], 'group'];
    else [values[field], sources[field]] = [fallback, 'default'];
  }
  if (kind === 'location' && sources.timezone === 'default') values.timezone = (await unsavedTimeZone(db, merchantGroupId, merchantId)) ?? values.timezone;
  const updated = [groupRow, ownRow].filter((row): row is StoredRow => row !== undefined).map((row) => isoOf(row.updated_at));
  return { kind, values, sources, updatedAt: updated.sort().pop() ?? null };
}

async function writeRow(db: Db, merchantGroupId: string, kind: SettingsKind, merchantId: string | null, data: Values): Promise<string> {
  const existing = (await rowsOf(db, merchantGroupId, kind, merchantId)).find((row) => row.merchant_id === merchantId);
  if (existing) {
    await db
      .updateTable('merchant_settings')
      .set({ data: JSON.stringify(data), updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const inserted = await db
    .insertInto('merchant_settings')
    .values({ merchant_group_id: merchantGroupId, merchant_id: merchantId, kind: SETTINGS_KIND_DEFINITIONS[kind].storedAs, data: JSON.stringify(data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface SavedSettings {
  rowId: string;
  /** Fields whose effective value changed, for the audit entry. */
  changed: string[];
}

/** Saves a group's validated values whole. */
export async function saveGroupSettings(db: Db, merchantGroupId: string, kind: SettingsKind, values: Values): Promise<SavedSettings> {
  const before = await readSettings(db, merchantGroupId, kind, null);
  const rowId = await writeRow(db, merchantGroupId, kind, null, values);
  return { rowId, changed: Object.keys(values).filter((field) => !sameValue(before.values[field], values[field])) };
}

/** Saves a property's validated values: a field equal to its group's value stays (or becomes) inherited. */
export async function savePropertySettings(db: Db, merchantGroupId: string, merchantId: string, kind: SettingsKind, values: Values): Promise<SavedSettings> {
  const before = await readSettings(db, merchantGroupId, kind, merchantId);
  const group = await readSettings(db, merchantGroupId, kind, null);
  const overrides = Object.fromEntries(
    Object.entries(values).filter(([field, value]) => group.sources[field] === 'default' || !sameValue(group.values[field], value)),
  );
  const rowId = await writeRow(db, merchantGroupId, kind, merchantId, overrides);
  return { rowId, changed: Object.keys(values).filter((field) => !sameValue(before.values[field], values[field])) };
}

/** Drops a property's own value of the named fields (every field when none are named). */
export async function resetPropertySettings(
  db: Db,
  merchantGroupId: string,
  merchantId: string,
  kind: SettingsKind,
  fields?: string[],
): Promise<SavedSettings> {
  const own = (await rowsOf(db, merchantGroupId, kind, merchantId)).find((row) => row.merchant_id === merchantId);
  const data = known(kind, own?.data ?? {});
  const dropped = Object.keys(data).filter((field) => !fields || fields.length === 0 || fields.includes(field));
  const kept = Object.fromEntries(Object.entries(data).filter(([field]) => !dropped.includes(field)));
  const rowId = await writeRow(db, merchantGroupId, kind, merchantId, kept);
  return { rowId, changed: dropped };
}

/**
 * A property's effective payout settings as SQL, for the payout run's set-based claim: a LATERAL subquery over
 * `merchants m` answering `schedule`, `minimum_minor` and `minimum_currency`, each field the property's own value,
 * else its group's, else the default (the inheritance readSettings applies, a property's row holding only its
 * own values).
 */
export const effectivePayoutSettings = sql`LATERAL (
  SELECT coalesce(own.data->>'schedule', grp.data->>'schedule', ${PAYOUT_DEFAULTS.schedule}) AS schedule,
    coalesce((own.data->>'minimumPayoutMinor')::bigint, (grp.data->>'minimumPayoutMinor')::bigint, ${PAYOUT_DEFAULTS.minimumPayoutMinor}::bigint) AS minimum_minor,
    coalesce(own.data->>'currency', grp.data->>'currency', ${PAYOUT_DEFAULTS.currency}) AS minimum_currency
  FROM (SELECT 1) AS one
  LEFT JOIN merchant_settings own ON own.merchant_group_id = m.merchant_group_id AND own.merchant_id = m.id AND own.kind = ${SETTINGS_KIND_DEFINITIONS.payout.storedAs}
  LEFT JOIN merchant_settings grp ON grp.merchant_group_id = m.merchant_group_id AND grp.merchant_id IS NULL AND grp.kind = ${SETTINGS_KIND_DEFINITIONS.payout.storedAs}
)`;

/** The values of the kinds the rest of the server reads, as the contract types them. */
interface EffectiveSettings {
  payment: PaymentSettings;
  processing: ProcessingSettings;
  payout: PayoutSettings;
  'payout-emails': PayoutEmails;
  notifications: NotificationSettings;
}

/**
 * A property's effective settings of a kind, as the rest of the server applies them: each field its own value, else
 * its group's, else the kind's default (payment: what a link may ask for; processing: how guests' cards are taken;
 * payout: the account and schedule; payout e-mails and notifications: who is told).
 */
export async function effectiveSettingsOf<K extends keyof EffectiveSettings>(
  db: Db,
  merchantGroupId: string,
  merchantId: string,
  kind: K,
): Promise<EffectiveSettings[K]> {
  const answer = await readSettings(db, merchantGroupId, kind, merchantId);
  return { ...SETTINGS_KIND_DEFINITIONS[kind].defaults, ...answer.values } as EffectiveSettings[K];
}
