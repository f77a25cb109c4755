import { sql } from 'kysely';
import { WORKABLE_PROPERTIES_LIMIT } from '../../contract/capabilities';
import type { PropertyStatus } from '../../contract/properties';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { escapeLike, inMerchants } from '../lists/list-query';
import { effectivePayoutSettings } from '../settings/settings-store';
import { PAYOUT_DEFAULTS } from '../../contract/settings/payout';

type Row = ColumnsOf<'merchants', 'id' | 'name' | 'status'> & { group_name: ColumnOf<'merchant_groups', 'name'>; total: string };

/**
 * Where the question starts (decision 0713). A merchant's users: their own properties, a handful. Provider staff, who
 * see every property: the properties whose own payout settings say "Manually" and those of a group whose settings say
 * so. A property's effective schedule is "Manually" only if one of these rows says it (the default is another
 * schedule), and these rows are few: they are read through their own index (migration 0420, whose predicate this is
 * word for word, in literals, so a generic plan can use it too). Either way the effective setting is then checked for these
 * properties alone (a property may override its group's "Manually").
 */
function candidateProperties(merchants: 'all' | string[]) {
  if (merchants !== 'all' || PAYOUT_DEFAULTS.schedule === 'Manually') return sql`SELECT id FROM merchants WHERE ${inMerchants('id', merchants)}`;
  return sql`
    SELECT by_hand.merchant_id AS id FROM merchant_settings by_hand
    WHERE by_hand.kind = 'payout' AND by_hand.data->>'schedule' = 'Manually' AND by_hand.merchant_id IS NOT NULL
    UNION
    SELECT grouped.id FROM merchant_settings by_hand
    JOIN merchants grouped ON grouped.merchant_group_id = by_hand.merchant_group_id
    WHERE by_hand.kind = 'payout' AND by_hand.data->>'schedule' = 'Manually' AND by_hand.merchant_id IS NULL`;
}

/**
 * The properties a payout may be asked for (decision 0707): among `merchants`, those paid "Manually" by their
 * effective payout setting (their own, else their group's, as the payout run reads it), in a group not deleted,
 * matching `search` in the property's or the group's name; the first WORKABLE_PROPERTIES_LIMIT by name, and how
 * many there are. The request dialog lists these and no others, and the Payouts page offers the request only
 * when there is one.
 */
export async function requestableProperties(db: Db, merchants: 'all' | string[], search: string | undefined) {
  const { rows } = await requestablePropertiesStatement(merchants, search).execute(db);
  return {
    items: rows.map((row) => ({ merchantId: row.id, name: row.name, status: row.status as PropertyStatus, groupName: row.group_name })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The statement `requestableProperties` runs (its plan is checked by tests/payouts/requestable-properties.test.ts). */
export function requestablePropertiesStatement(merchants: 'all' | string[], search: string | undefined) {
  const words = search?.trim();
  const like = words ? `%${escapeLike(words)}%` : undefined;
  return sql<Row>`
    SELECT m.id, m.name, m.status, g.name AS group_name, count(*) OVER () AS total
    FROM (${candidateProperties(merchants)}) AS candidate
    JOIN merchants m ON m.id = candidate.id
    JOIN merchant_groups g ON g.id = m.merchant_group_id
    CROSS JOIN ${effectivePayoutSettings} s
    WHERE s.schedule = 'Manually' AND g.status <> 'Deleted'
      ${like ? sql`AND (m.name ILIKE ${like} OR g.name ILIKE ${like})` : sql``}
    ORDER BY m.name, m.id
    LIMIT ${WORKABLE_PROPERTIES_LIMIT}`;
}
