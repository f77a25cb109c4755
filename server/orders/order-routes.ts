import type { FastifyInstance } from 'fastify';
import { orderEndpoints } from '../../contract/orders';
import { effectiveMerchants, pageAnswer } from '../lists/list-query';
import { registerEndpoint } from '../http/route';
import { countOrders, orderPage } from './order-query';
import { registerMetadataRoutes } from './metadata-routes';
import { registerOrderEmailRoutes } from './order-email-routes';
import { registerPaymentRoutes } from './payment-routes';

const { searchOrders } = orderEndpoints;

/** Spec 7 "Orders": search and detail, always inside the caller's merchants. */
export function registerOrderRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    searchOrders,
    async ({ body, caller, merchantId, ctx }) => {
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, body.filters.merchantIds);
      const { page, pageSize } = body.pagination;
      const [items, count] = await Promise.all([orderPage(ctx.db, body, merchants, page, pageSize), countOrders(ctx.db, body.filters, merchants)]);
      return pageAnswer(items, count, page, pageSize);
    },
    { transaction: false },
  );

  registerPaymentRoutes(app);
  registerOrderEmailRoutes(app);
  registerMetadataRoutes(app);
}
