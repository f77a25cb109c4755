import type { FastifyInstance } from 'fastify';
import { metadataEndpoints, type MetadataEntry, type MetadataRecord } from '../../contract/metadata';
import { audit } from '../audit';
import { madeBy, type AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants } from '../lists/list-query';

const { createMetadata, getOrderMetadata } = metadataEndpoints;

// Spec 7 "Metadata" (decision 0211): notes and key/value entries on an order, inside the caller's
// merchants; writing needs Transactions Update (view-only roles read only).

interface StoredData {
  note: string | null;
  entries: MetadataEntry[];
}

/** The order's merchant when the caller may see it; 404 otherwise, as for a missing order. */
async function visibleOrderMerchant(db: Db, id: number, caller: AnyCaller, merchantHeader: string | undefined): Promise<string> {
  const order = await db.selectFrom('orders').select('merchant_id').where('id', '=', String(id)).executeTakeFirst();
  const merchants = effectiveMerchants(caller.merchantScope, merchantHeader, undefined);
  if (!order || (merchants !== 'all' && !merchants.includes(order.merchant_id))) throw problems.notFound(`order ${id} not found`);
  return order.merchant_id;
}

async function recordsOf(db: Db, orderId: number, onlyId?: string): Promise<MetadataRecord[]> {
  let query = db
    .selectFrom('metadata as md')
    .leftJoin('users as u', 'u.id', 'md.created_by')
    .leftJoin('property_api_keys as k', 'k.id', 'md.created_by_key_id')
    .select(['md.id', 'md.data', 'md.created_at', 'u.email', 'u.first_name', 'u.last_name', 'k.name as key_name'])
    .where('md.order_id', '=', String(orderId));
  if (onlyId) query = query.where('md.id', '=', onlyId);
  const rows = await query.orderBy('md.created_at').orderBy('md.id').execute();
  return rows.map((row) => {
    const data = row.data as unknown as StoredData;
    return {
      id: row.id,
      orderId,
      note: data.note ?? null,
      entries: data.entries ?? [],
      // A record a secret key made names the key, never the person who made the key (decision 0370).
      byName: row.email ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : row.key_name,
      byEmail: row.email ?? null,
      at: new Date(row.created_at).toISOString(),
    };
  });
}

export function registerMetadataRoutes(app: FastifyInstance): void {
  registerEndpoint(app, createMetadata, async ({ body, caller, merchantId, ctx }) => {
    const merchant = await visibleOrderMerchant(ctx.db, body.orderId, caller, merchantId);
    const data: StoredData = { note: body.note || null, entries: body.entries };
    const { id } = await ctx.db
      .insertInto('metadata')
      .values({
        merchant_id: merchant,
        order_id: String(body.orderId),
        data: JSON.stringify(data),
        created_by: madeBy(caller).userId,
        created_by_key_id: madeBy(caller).keyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx.db, caller, 'order.metadata', 'order', String(body.orderId), { metadataId: id, keys: body.entries.map((entry) => entry.key) });
    const [record] = await recordsOf(ctx.db, body.orderId, id);
    return record!;
  });

  registerEndpoint(app, getOrderMetadata, async ({ params, caller, merchantId, ctx }) => {
    await visibleOrderMerchant(ctx.db, params.id, caller, merchantId);
    return { items: await recordsOf(ctx.db, params.id) };
  });
}
