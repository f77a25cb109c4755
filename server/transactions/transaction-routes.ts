import type { FastifyInstance } from 'fastify';
import { orderEndpoints } from '../../contract/transactions';
import { effectiveMerchants, pageAnswer } from '../lists/list-query';
import { registerEndpoint } from '../http/route';
import type { OrderLinkColumn } from './transaction-links';
import { orderSearchPage } from './transaction-query';
import { registerMetadataRoutes } from './metadata-routes';
import { registerOrderEmailRoutes } from './transaction-email-routes';
import { registerPaymentRoutes } from './payment-routes';

const { searchOrders } = orderEndpoints;

/** Spec 7 "Orders": search and detail, always inside the caller's merchants. */
export function registerOrderRoutes(app: FastifyInstance, linkColumn: OrderLinkColumn): void {
  registerEndpoint(
    app,
    searchOrders,
    async ({ body, caller, merchantId, ctx }) => {
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, body.filters.merchantIds);
      const { page, pageSize, fromEnd } = body.pagination;
      const { items, count } = await orderSearchPage(ctx.db, body, merchants, { page, pageSize, fromEnd }, linkColumn);
      // Counted from the end, the pages seen and a page that is not full say the same of the list's length.
      const answer = pageAnswer(items, count, page, pageSize);
      return fromEnd ? { ...answer, fromEnd: true } : answer;
    },
    { readOnly: true },
  );

  registerPaymentRoutes(app, linkColumn);
  registerOrderEmailRoutes(app);
  registerMetadataRoutes(app);
}
