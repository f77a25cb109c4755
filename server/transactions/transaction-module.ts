import type { FastifyInstance } from 'fastify';
import { registerExportSource } from '../exports/export-registry';
import { orderExportSource } from './transaction-export';
import { registerOrderExportRoutes } from './transaction-export-routes';
import type { OrderLinkColumn, OrderLinkStateSql } from './transaction-links';
import { registerOrderRoutes } from './transaction-routes';

/** Orders (transactions): their routes and list query, and their export (decision 0190). */
export function registerTransactionModule(app: FastifyInstance, links: { column: OrderLinkColumn; stateSql: OrderLinkStateSql }): void {
  registerOrderRoutes(app, links.column);
  registerOrderExportRoutes(app);
  registerExportSource(app, 'TRANSACTION', orderExportSource(links.stateSql));
}
