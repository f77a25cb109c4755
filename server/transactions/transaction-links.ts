import type { OrderLink } from '../../contract/link-state';

/**
 * The SQL of the own state (a StaffLinkState, or NULL without a link) of the order aliased `orderAlias`, for the
 * export, which reads its cells inside one COPY. The payment-links module answers it beside OrderLinkColumn.
 */
export type OrderLinkStateSql = (orderAlias: string) => string;

/**
 * The link of each order of a page, read inside the page's own statement (decision 0655): `sql` is one scalar for
 * the order aliased `orderAlias` (NULL for an order no link made), `read` turns it and the order's status into the
 * link the answer says. The payment-links module answers both (it builds on orders and owns its table, decision
 * 0455); server/modules.ts hands them in.
 */
export interface OrderLinkColumn {
  sql: (orderAlias: string) => string;
  read: (value: unknown, orderStatus: string) => OrderLink | null;
}
