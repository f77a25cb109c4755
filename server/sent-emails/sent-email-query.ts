import { sql } from 'kysely';
import type { SentEmailStatus } from '../../contract/emails';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';
import { escapeLike, pageAnswer, pageWithCappedCount } from '../lists/list-query';

// The sent e-mails list (decision 0170): every e-mail the product wrote to its outbox, newest first. A provider sends
// one or more for most payments, so the outbox grows with the orders: ten million of them at ten million orders.

/**
 * What the recipient filter matches: the address lower-cased, word for word the expression of the outbox's trigram
 * index (migration 0470; an index on an expression serves only that expression). The same e-mails as ILIKE.
 */
const RECIPIENT_TEXT = sql.raw('lower(recipient)');

const recipientWhere = (recipient: string | undefined) => (recipient ? sql`${RECIPIENT_TEXT} LIKE lower(${`%${escapeLike(recipient)}%`})` : sql`true`);

/** An outbox row as the list reads it, typed from server/db/schema.ts (decision 0610). */
type OutboxRecord = ColumnsOf<'email_outbox', 'id' | 'recipient' | 'subject' | 'status' | 'created_at' | 'sent_at'>;

export function summaryOf(row: OutboxRecord) {
  return {
    id: String(row.id),
    to: row.recipient,
    subject: row.subject,
    status: row.status as SentEmailStatus,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.sent_at?.toISOString() ?? null,
  };
}

/**
 * A page of sent e-mails, newest first, optionally those whose recipient holds `recipient` (any letter case), with the
 * list's capped count (decision 0719): the page and the count in one statement, exact up to the cap and the planner's
 * estimate past it, as the other long lists answer. Counting every e-mail took 0.4 s at ten million, on every page.
 */
export async function sentEmailPage(db: Db, { recipient, page, pageSize }: { recipient: string | undefined; page: number; pageSize: number }) {
  const pageQuery = sql`SELECT id, recipient, subject, status, created_at, sent_at FROM email_outbox WHERE ${recipientWhere(recipient)}
    ORDER BY id DESC LIMIT ${pageSize} OFFSET ${page * pageSize}`;
  const { rows, count } = await pageWithCappedCount<OutboxRecord>(db, pageQuery, sentEmailsMatching(recipient), { firstPage: page === 0, pageSize });
  return pageAnswer(rows.map(summaryOf), count, page, pageSize);
}

/** Every e-mail the list holds for `recipient` (all of them without one), one row of 1 each: what its count counts. */
export function sentEmailsMatching(recipient: string | undefined) {
  return sql`SELECT 1 FROM email_outbox WHERE ${recipientWhere(recipient)}`;
}
