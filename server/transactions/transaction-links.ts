import type { OrderLink } from '../../contract/link-state';
import type { OrderRow } from '../../contract/transactions';
import type { Db } from '../db/database';

/**
 * The payment links that made these orders, by order id. The payment-links module answers it (it builds on
 * orders and owns its table, decision 0455); server/modules.ts hands it in, as merchant groups receive their
 * applications.
 */
export type OrderLinksOf = (db: Db, orderIds: readonly number[]) => Promise<Map<number, OrderLink>>;

/** The rows with the link that made each, so every order answer says its link's own state (decision 0535). */
export async function withLinks<T extends OrderRow>(db: Db, linksOf: OrderLinksOf, rows: T[]): Promise<T[]> {
  const links = await linksOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, paymentLink: links.get(row.id) ?? null }));
}

/**
 * The SQL of the own state (a StaffLinkState, or NULL without a link) of the order aliased `orderAlias`, for the
 * export, which reads its cells inside one COPY. The payment-links module answers it beside OrderLinksOf.
 */
export type OrderLinkStateSql = (orderAlias: string) => string;

/**
 * The link of each order of a page, read inside the page's own statement (decision 0655): `sql` is one scalar for
 * the order aliased `orderAlias` (NULL for an order no link made), `read` turns it and the order's status into the
 * link the answer says. The payment-links module answers both beside OrderLinksOf.
 */
export interface OrderLinkColumn {
  sql: (orderAlias: string) => string;
  read: (value: unknown, orderStatus: string) => OrderLink | null;
}
