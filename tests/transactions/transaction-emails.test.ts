import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { OrderEmail, OrderEmailHistory } from '../../contract/transaction-emails';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Spec 7 `order/{id}/email-history` and its resend (decision 0206).
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let merchantAdmin: string;
let viewOnly: string;
let admin: string;
let ownOrder: number;
let foreignOrder: number;

const history = (token: string, id: number, query = '') =>
  app.inject({ method: 'GET', url: `${API}/order/${id}/email-history${query}`, headers: bearer(token) });
const resend = (token: string, id: number, emailId: number, key = crypto.randomUUID()) =>
  app.inject({ method: 'POST', url: `${API}/order/${id}/email-history/${emailId}/resend`, headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: key } });

beforeAll(async () => {
  app = await startTestApp({ orders: 60 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  const own = await app.inject({
    method: 'POST',
    url: `${API}/order/search`,
    headers: bearer(merchantAdmin),
    payload: { pagination: { page: 0, pageSize: 100 } },
  });
  const ids = own.json<{ items: { id: number }[] }>().items.map((row) => row.id);
  ownOrder = ids[0]!;
  foreignOrder = Number((await app.ctx.db.selectFrom('orders').select('id').where('id', 'not in', ids.map(String)).executeTakeFirstOrThrow()).id);
  await app.ctx.db
    .deleteFrom('order_email_history')
    .where('order_id', 'in', [String(ownOrder), String(foreignOrder)])
    .execute();
  for (const [order, subject, at] of [
    [ownOrder, 'Your payment link', '2026-01-01T10:00:00Z'],
    [ownOrder, 'Reminder: your payment link', '2026-01-02T10:00:00Z'],
    [ownOrder, 'Payment received', '2026-01-03T10:00:00Z'],
    [foreignOrder, 'Secret other hotel mail', '2026-01-01T10:00:00Z'],
  ] as const)
    await app.ctx.db
      .insertInto('order_email_history')
      .values({ order_id: String(order), recipient: 'guest@example.test', subject, status: 'Delivered', sent_at: at })
      .execute();
});
afterAll(async () => app.close());

describe('order e-mail history', () => {
  test('lists the e-mails newest first, in pages', async () => {
    const first = await history(merchantAdmin, ownOrder, '?page=0&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json<OrderEmailHistory>()).toMatchObject({ total: 3, page: 0, limit: 2 });
    expect(first.json<OrderEmailHistory>().items.map((mail) => mail.subject)).toEqual(['Payment received', 'Reminder: your payment link']);
    expect((await history(merchantAdmin, ownOrder, '?page=1&limit=2')).json<OrderEmailHistory>().items.map((mail) => mail.subject)).toEqual([
      'Your payment link',
    ]);
    expect((await history(merchantAdmin, ownOrder, '?limit=1000')).statusCode).toBe(400);
  });

  test('resend sends the e-mail again, once per intent, and the copy joins the history', async () => {
    const [newest] = (await history(merchantAdmin, ownOrder)).json<OrderEmailHistory>().items;
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([resend(merchantAdmin, ownOrder, newest!.id, key), resend(merchantAdmin, ownOrder, newest!.id, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<OrderEmail>()).toMatchObject({ recipient: 'guest@example.test', subject: 'Payment received', status: 'Resent' });
    const after = (await history(merchantAdmin, ownOrder)).json<OrderEmailHistory>();
    expect(after.total).toBe(4);
    await expect
      .poll(async () => (await app.ctx.db.selectFrom('email_outbox').select('subject').where('recipient', '=', 'guest@example.test').execute()).length)
      .toBe(1);
  });

  test("another merchant's order and its e-mails are 404; a view-only role reads but may not resend", async () => {
    for (const answer of [await history(merchantAdmin, foreignOrder), await resend(merchantAdmin, foreignOrder, 1)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Secret other hotel mail');
    }
    const foreignMail = (await history(admin, foreignOrder)).json<OrderEmailHistory>().items[0]!;
    expect((await resend(merchantAdmin, ownOrder, foreignMail.id)).statusCode).toBe(404);
    expect((await history(viewOnly, ownOrder)).statusCode).toBe(200);
    expect((await resend(viewOnly, ownOrder, foreignMail.id)).statusCode).toBe(403);
  });
});
