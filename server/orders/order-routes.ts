import type { FastifyInstance } from 'fastify';
import { orderEndpoints } from '../../contract/orders';
import { effectiveMerchants } from '../exports/list-query';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { countOrders, orderById, orderPage } from './order-query';

const { searchOrders, getOrder } = orderEndpoints;

/** Spec 7 "Orders": search and detail, always inside the caller's merchants. */
export function registerOrderRoutes(app: FastifyInstance): void {
  registerEndpoint(app, searchOrders, async ({ body, caller, merchantId, ctx }) => {
    const merchants = effectiveMerchants(caller.merchantScope, merchantId, body.filters.merchantIds);
    const { page, pageSize } = body.pagination;
    const [items, count] = await Promise.all([
      orderPage(ctx.db, body, merchants, page, pageSize),
      countOrders(ctx.db, body.filters, merchants),
    ]);
    // An estimate must never claim fewer rows than the pages already seen.
    const total = count.exact ? count.total : Math.max(count.total, page * pageSize + items.length);
    return { items, total, totalExact: count.exact, page, pageSize };
  });

  registerEndpoint(app, getOrder, async ({ params, caller, merchantId, ctx }) => {
    const order = await orderById(ctx.db, params.id, effectiveMerchants(caller.merchantScope, merchantId, undefined));
    if (!order) throw problems.notFound(`order ${params.id} not found`);
    return order;
  });
}
