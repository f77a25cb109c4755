import type { FastifyInstance } from 'fastify';
import { registerExportSource } from '../exports/export-registry';
import { orderExportSource } from './transaction-export';
import { registerOrderExportRoutes } from './transaction-export-routes';
import type { OrderLinkColumn, OrderLinksOf, OrderLinkStateSql } from './transaction-links';
import { registerOrderRoutes } from './transaction-routes';

/** Orders (transactions): their routes and list query, and their export (decision 0190). */
export function registerTransactionModule(app: FastifyInstance, links: { ofOrders: OrderLinksOf; column: OrderLinkColumn; stateSql: OrderLinkStateSql }): void {
  registerOrderRoutes(app, links.ofOrders, links.column);
  registerOrderExportRoutes(app);
  registerExportSource(app, 'TRANSACTION', orderExportSource(links.stateSql));
}
