import { sql } from 'kysely';
import { WORKABLE_PROPERTIES_LIMIT } from '../../contract/capabilities';
import type { PropertyStatus } from '../../contract/properties';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { escapeLike, inMerchants } from '../lists/list-query';
import { effectivePayoutSettings } from '../settings/settings-store';

type Row = ColumnsOf<'merchants', 'id' | 'name' | 'status'> & { group_name: ColumnOf<'merchant_groups', 'name'>; total: string };

/**
 * The properties a payout may be asked for (decision 0707): among `merchants`, those paid "Manually" by their
 * effective payout setting (their own, else their group's, as the payout run reads it), in a group not deleted,
 * matching `search` in the property's or the group's name; the first WORKABLE_PROPERTIES_LIMIT by name, and how
 * many there are. The request dialog lists these and no others, and the Payouts page offers the request only
 * when there is one.
 */
export async function requestableProperties(db: Db, merchants: 'all' | string[], search: string | undefined) {
  const words = search?.trim();
  const like = words ? `%${escapeLike(words)}%` : undefined;
  const { rows } = await sql<Row>`
    SELECT m.id, m.name, m.status, g.name AS group_name, count(*) OVER () AS total
    FROM merchants m
    JOIN merchant_groups g ON g.id = m.merchant_group_id
    CROSS JOIN ${effectivePayoutSettings} s
    WHERE s.schedule = 'Manually' AND g.status <> 'Deleted' AND ${inMerchants('m.id', merchants)}
      ${like ? sql`AND (m.name ILIKE ${like} OR g.name ILIKE ${like})` : sql``}
    ORDER BY m.name, m.id
    LIMIT ${WORKABLE_PROPERTIES_LIMIT}`.execute(db);
  return {
    items: rows.map((row) => ({ merchantId: row.id, name: row.name, status: row.status as PropertyStatus, groupName: row.group_name })),
    total: Number(rows[0]?.total ?? 0),
  };
}
