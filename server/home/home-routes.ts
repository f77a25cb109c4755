import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { homeScreenEndpoints, type MerchantHome } from '../../contract/home';
import { REFUND_AWAITING_APPROVAL } from '../../contract/refunds';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { MAX_FAILED_CARD_ATTEMPTS } from '../payment-links/link-limits';
import { GUEST_PAGE_PATH } from '../payment-links/payment-link-routes';
import { awaitingCapture, failedPayments, linksOf, OPEN_AUTHORIZATION, recentOrders, takings } from './home-query';

const { getPropertyDashboard, getMerchantHome } = homeScreenEndpoints;

async function countBy(db: Db, query: ReturnType<typeof sql<{ merchant_id: string; n: string }>>) {
  const rows = await query.execute(db);
  return new Map(rows.rows.map((row) => [row.merchant_id, Number(row.n)]));
}

/** Spec 2 "Home by role" (issue 15, decision 0221). */
export function registerHomeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getPropertyDashboard, async ({ merchantId, ctx, request }) => {
    const property = await ctx.db.selectFrom('merchants').select(['id', 'name', 'timezone']).where('id', '=', merchantId).executeTakeFirst();
    if (!property) throw problems.notFound('property not found');
    const origin = linkOrigin(ctx.config, request);
    const pageUrl = (token: string) => `${origin}${GUEST_PAGE_PATH}/${token}`;
    return {
      merchantId: property.id,
      propertyName: property.name,
      timeZone: property.timezone,
      takingsToday: await takings(ctx.db, property.id, property.timezone, 'day'),
      takingsThisWeek: await takings(ctx.db, property.id, property.timezone, 'week'),
      openLinks: await linksOf(ctx.db, property.id, 'open', pageUrl),
      expiredLinks: await linksOf(ctx.db, property.id, 'expired', pageUrl),
      awaitingCapture: await awaitingCapture(ctx.db, property.id),
      failedPayments: await failedPayments(ctx.db, [property.id]),
      recentOrders: await recentOrders(ctx.db, property.id),
    };
  });

  registerEndpoint(app, getMerchantHome, async ({ caller, ctx }): Promise<MerchantHome> => {
    if (!caller.merchantGroupId) throw problems.notFound('you belong to no merchant group');
    const group = await ctx.db.selectFrom('merchant_groups').select(['name', 'status']).where('id', '=', caller.merchantGroupId).executeTakeFirstOrThrow();
    let query = ctx.db
      .selectFrom('merchants')
      .select(['id', 'name', 'status', 'timezone'])
      .where('merchant_group_id', '=', caller.merchantGroupId)
      .orderBy('position')
      .orderBy('name');
    if (caller.merchantScope !== 'all')
      query = query.where('id', 'in', caller.merchantScope.length ? caller.merchantScope : ['00000000-0000-0000-0000-000000000000']);
    const properties = await query.execute();
    const ids = properties.map((property) => property.id);
    const none = { failedPayouts: 0, refundsAwaitingApproval: 0, failedPaymentsThisWeek: 0, propertiesOnboarding: [] };
    if (ids.length === 0) return { groupName: group.name, groupStatus: group.status, properties: [], needsAction: none };
    const inScope = sql.join(ids.map((id) => sql`${id}::uuid`));
    const openLinks = await countBy(
      ctx.db,
      sql`SELECT l.merchant_id, count(*) AS n FROM payment_links l JOIN orders o ON o.id = l.order_id
          WHERE l.merchant_id IN (${inScope}) AND l.completed_at IS NULL AND o.status <> 'Cancelled' AND l.expires_at > now() AND l.failed_attempts < ${MAX_FAILED_CARD_ATTEMPTS} GROUP BY 1`,
    );
    // Counted property by property from the open authorizations' index (decision 0717). As one count grouped by
    // property, PostgreSQL started two parallel workers for it: 50 ms of a 15 ms count at ten million orders.
    const toCapture = await countBy(
      ctx.db,
      sql`SELECT p.id AS merchant_id, (SELECT count(*) FROM orders WHERE merchant_id = p.id AND ${OPEN_AUTHORIZATION}) AS n
          FROM unnest(ARRAY[${inScope}]) AS p(id)`,
    );
    const failedPayouts = await sql<{ n: string }>`SELECT count(*) AS n FROM payouts WHERE merchant_id IN (${inScope}) AND status = 'Failed'`.execute(ctx.db);
    const refunds = await sql<{ n: string }>`
      SELECT count(*) AS n FROM refund_requests
      WHERE merchant_id IN (${inScope}) AND approval_status IN (${sql.join(REFUND_AWAITING_APPROVAL)})`.execute(ctx.db);
    const failed = await failedPayments(ctx.db, ids);
    const rows = [];
    for (const property of properties)
      rows.push({
        merchantId: property.id,
        name: property.name,
        status: property.status,
        takingsToday: await takings(ctx.db, property.id, property.timezone, 'day'),
        openLinks: openLinks.get(property.id) ?? 0,
        awaitingCapture: toCapture.get(property.id) ?? 0,
      });
    return {
      groupName: group.name,
      groupStatus: group.status,
      properties: rows,
      needsAction: {
        failedPayouts: Number(failedPayouts.rows[0]?.n ?? 0),
        refundsAwaitingApproval: Number(refunds.rows[0]?.n ?? 0),
        failedPaymentsThisWeek: failed.count,
        propertiesOnboarding: properties
          .filter((property) => property.status !== 'Active' && property.status !== 'Inactive')
          .map((property) => ({ merchantId: property.id, name: property.name, status: property.status })),
      },
    };
  });
}
