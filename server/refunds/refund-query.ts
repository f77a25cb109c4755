import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { RefundFilter, RefundQuery, RefundRequestRow } from '../../contract/refunds';
import type { Db } from '../db/database';
import type { MerchantsTable, OrdersTable, RefundRequestsTable, UsersTable } from '../db/schema';
import {
  escapeLike,
  moneyListConditions,
  orderByClause,
  pageWithCappedCount,
  sortKeys,
  toIso,
  toNumber,
  type SortColumn,
  type SortKey,
} from '../lists/list-query';

// One query shape for the refunds table and its export (spec 2 "/refund-management").

/** The approver a "waiting for me" filter means: resolved on the server from the caller, never sent by the client. */
export interface WaitingFor {
  userId: string;
  roles: string[];
}
export type ServerRefundFilter = RefundFilter & { waitingFor?: WaitingFor };

type SortId = RefundQuery['sorting'][number]['id'];
const SORT_COLUMNS: Record<SortId, SortColumn> = {
  orderId: { expr: 'r.order_id' },
  amount: { expr: 'r.amount_minor' },
  approvalStatus: { expr: 'r.approval_status' },
  state: { expr: 'r.state' },
  requestedBy: { expr: 'ru.email' },
  createdAt: { expr: 'r.created_at' },
  updatedAt: { expr: 'r.updated_at' },
};
const TIEBREAK: SortColumn = { expr: 'r.id' };

export const REFUND_FROM = `refund_requests r JOIN merchants m ON m.id = r.merchant_id JOIN orders o ON o.id = r.order_id
  LEFT JOIN users ru ON ru.id = r.requested_by`;

/**
 * What the list's count reads: the requests, with their requester for the requester filter. Every request has its
 * property and its order (both required, both foreign keys), so joining them counts nothing more; it looked each of
 * the count's up to 10,001 orders up among ten million, 44 ms (decision 0719). PostgreSQL leaves the requester's join
 * out where no filter reads it.
 */
const REFUND_COUNT_FROM = `refund_requests r LEFT JOIN users ru ON ru.id = r.requested_by`;

export function refundSortKeys(sorting: RefundQuery['sorting']): SortKey[] {
  return sortKeys(SORT_COLUMNS, sorting, { id: 'createdAt', desc: true }, TIEBREAK);
}

const APPROVALS_GIVEN = `(SELECT count(*) FROM refund_approvals a WHERE a.refund_request_id = r.id AND a.decision = 'approve')`;

export function refundWhere(filters: ServerRefundFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts = moneyListConditions('r', filters, merchants);
  if (filters.states?.length) parts.push(sql`r.state IN (${sql.join(filters.states)})`);
  if (filters.approvalStatuses?.length) parts.push(sql`r.approval_status IN (${sql.join(filters.approvalStatuses)})`);
  if (filters.requester) parts.push(sql`lower(ru.email) LIKE ${`${escapeLike(filters.requester.toLowerCase())}%`}`);
  if (filters.orderId !== undefined) parts.push(sql`r.order_id = ${String(filters.orderId)}::bigint`);
  if (filters.waitingFor) {
    const { userId, roles } = filters.waitingFor;
    // One literal per role, not an array parameter: the export inlines parameters into COPY as text.
    parts.push(sql`r.approval_status IN ('Pending', 'PartiallyApproved') AND r.requested_by IS DISTINCT FROM ${userId}::uuid
      AND (cardinality(r.approver_roles) = 0 OR r.approver_roles && ${roles.length ? sql`ARRAY[${sql.join(roles)}]::text[]` : sql`ARRAY[]::text[]`})
      AND NOT EXISTS (SELECT 1 FROM refund_approvals a WHERE a.refund_request_id = r.id AND a.approver_id = ${userId}::uuid AND a.decision = 'approve')`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * A refunds row as REFUND_SELECT reads it. The statement stays raw text because its FROM is the
 * export's too (a COPY needs the text); its columns' types are read from server/db/schema.ts, only the
 * computed ones are typed here (decision 0610).
 */
type RefundRecord = Pick<
  Selectable<RefundRequestsTable>,
  | 'id'
  | 'merchant_id'
  | 'order_id'
  | 'amount_minor'
  | 'currency'
  | 'reason'
  | 'note'
  | 'approval_status'
  | 'state'
  | 'approvals_required'
  | 'approver_roles'
  | 'requested_by'
  | 'created_at'
  | 'updated_at'
> & {
  merchant_name: Selectable<MerchantsTable>['name'];
  order_reference: Selectable<OrdersTable>['reference_no'];
  guest_name: Selectable<OrdersTable>['guest_name'];
  /** A count(*): int8, as text or number depending on the engine. */
  approvals_given: string | number;
  /** LEFT JOIN users: null when the requester is gone. */
  requester_email: Selectable<UsersTable>['email'] | null;
  requester_name: string | null;
};

const REFUND_SELECT = sql.raw(`r.id, r.merchant_id, m.name AS merchant_name, r.order_id, o.reference_no AS order_reference, o.guest_name,
  r.amount_minor, r.currency, r.reason, r.note, r.approval_status, r.state, r.approvals_required, ${APPROVALS_GIVEN} AS approvals_given,
  r.approver_roles, r.requested_by, ru.email AS requester_email, trim(coalesce(ru.first_name, '') || ' ' || coalesce(ru.last_name, '')) AS requester_name,
  r.created_at, r.updated_at`);

function toRow(record: RefundRecord): RefundRequestRow {
  return {
    id: record.id,
    merchantId: record.merchant_id,
    merchantName: record.merchant_name,
    orderId: toNumber(record.order_id),
    orderReference: record.order_reference,
    guestName: record.guest_name,
    amountMinor: toNumber(record.amount_minor),
    currency: record.currency.trim(),
    reason: record.reason,
    approvalStatus: record.approval_status as RefundRequestRow['approvalStatus'],
    state: record.state as RefundRequestRow['state'],
    approvalsRequired: record.approvals_required,
    approvalsGiven: toNumber(record.approvals_given),
    requestedByName: record.requester_name ?? '',
    requestedByEmail: record.requester_email ?? '',
    createdAt: toIso(record.created_at),
    updatedAt: toIso(record.updated_at),
  };
}

type RefundListQuery = { filters: ServerRefundFilter; sorting: RefundQuery['sorting'] };

/**
 * The statements of a page of refund requests: the page, in the list's order, and every request the filter matches
 * (one row of 1 each, what its count counts).
 */
export function refundPageStatements(query: RefundListQuery, merchants: 'all' | string[], page: number, pageSize: number) {
  const where = refundWhere(query.filters, merchants);
  const keys = refundSortKeys(query.sorting);
  // The page's requests are chosen from the requests and their requesters alone (all the filter and the sort read),
  // then joined to their orders and properties: choosing them from the whole join made PostgreSQL join every
  // request to its order before sorting by requester, reading every order (2.9 s at two million orders). Each
  // sort key leaves the choice as a column, so the page keeps the choice's order without sorting again.
  const chosenKeys = keys.map((key, index) => ({ expr: `chosen.sort_${index}`, desc: key.desc }));
  return {
    page: sql`SELECT ${REFUND_SELECT}
      FROM (SELECT ${sql.raw(keys.map((key, index) => `${key.expr} AS sort_${index}`).join(', '))} FROM ${sql.raw(REFUND_COUNT_FROM)}
            WHERE ${where} ORDER BY ${orderByClause(keys)} LIMIT ${pageSize} OFFSET ${page * pageSize}) AS chosen
      JOIN (${sql.raw(REFUND_FROM)}) ON r.id = chosen.sort_${sql.raw(String(keys.findIndex((key) => key.expr === TIEBREAK.expr)))}
      ORDER BY ${orderByClause(chosenKeys)}`,
    matching: sql`SELECT 1 FROM ${sql.raw(REFUND_COUNT_FROM)} WHERE ${where}`,
  };
}

/** A page of refund requests and the capped count of all the filter matches, in one statement (decision 0636). */
export async function refundPage(
  db: Db,
  query: RefundListQuery,
  merchants: 'all' | string[],
  page: number,
  pageSize: number,
): Promise<{ items: RefundRequestRow[]; count: { total: number; exact: boolean } }> {
  const statements = refundPageStatements(query, merchants, page, pageSize);
  const { rows, count } = await pageWithCappedCount<RefundRecord>(db, statements.page, statements.matching, { firstPage: page === 0, pageSize });
  return { items: rows.map(toRow), count };
}

export async function refundRowById(db: Db, id: string, merchants: 'all' | string[]) {
  const result = await sql<RefundRecord>`SELECT ${REFUND_SELECT} FROM ${sql.raw(REFUND_FROM)}
    WHERE r.id = ${id}::uuid AND ${refundWhere({}, merchants)}`.execute(db);
  const record = result.rows[0];
  return record ? { ...toRow(record), note: record.note, requestedBy: record.requested_by, approverRoles: record.approver_roles } : undefined;
}
