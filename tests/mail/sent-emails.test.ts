import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEmail, SentEmailPage } from '../../contract/emails';
import { up as maskStoredSecrets } from '../../server/db/migrations/0040-mask-email-secrets';
import { configFromEnv, DEFAULT_EXACT_COUNT_UP_TO } from '../../server/config';
import { setExactCountUpTo } from '../../server/lists/list-query';
import { maskSecrets } from '../../server/mail/mask-secrets';
import { sentEmailsMatching } from '../../server/sent-emails/sent-email-query';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import { planWithoutSequentialScans } from '../support/query-plan';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The provider admins' "sent e-mails" view (issue 12; decision 0170): recipient, subject, time and
// text of what the product sent, with reset tokens masked so the view cannot take over an account.

const SEARCH = '/backoffice/api/v2/emails/search';
const FORGOT = '/identity/api/v2/auth/folio/forgot-password';

let app: FastifyInstance;
let peer: SmtpPeer;
let admin: Record<string, string>;
beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ orders: 0, smtpUrl: peer.url });
  admin = bearer((await signIn(app, 'folioadmin@demo.folio.test')).accessToken);
}, 120_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

async function requestReset(email: string): Promise<string> {
  const after = peer.received.length;
  expect((await app.inject({ method: 'POST', url: FORGOT, payload: { email } })).statusCode).toBe(202);
  const token = new URL(resetLinkIn((await peer.nextMailTo(email, { after })).text) ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error('no token in the e-mail');
  return token;
}

async function search(headers: Record<string, string>, body: unknown = {}) {
  return app.inject({ method: 'POST', url: SEARCH, headers, payload: body as object });
}

describe('sent e-mails for provider admins', () => {
  it('lists the reset e-mail with recipient, subject and times, and opens its text with the token masked', async () => {
    const email = 'propertyoperations@demo.folio.test';
    const token = await requestReset(email);
    const answer = await search(admin, { recipient: 'PropertyOperations@' });
    expect(answer.statusCode).toBe(200);
    const page = answer.json<SentEmailPage>();
    expect(page).toMatchObject({ total: 1, totalExact: true, page: 0, pageSize: 25 });
    const [summary] = page.items;
    expect(summary).toMatchObject({ to: email, subject: 'Set a new Folio password', status: 'sent' });
    expect(Date.parse(summary?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(summary?.deliveredAt ?? '')).not.toBeNaN();
    expect(answer.body).not.toContain(token);

    const opened = await app.inject({ method: 'GET', url: `/backoffice/api/v2/emails/${summary?.id}`, headers: admin });
    expect(opened.statusCode).toBe(200);
    const mail = opened.json<SentEmail>();
    expect(mail.text).toContain('http://localhost:3000/create-password?token=[redacted]');
    expect(mail.text).toContain('Use this link within 60 minutes');
    expect(opened.body).not.toContain(token);
    // The masked link is no key: it resets nothing.
    const reset = await app.inject({
      method: 'POST',
      url: '/identity/api/v2/auth/folio/reset-password',
      payload: { token: '[redacted]', password: 'Admin-takes-over-2027' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('pages newest first with the spec page sizes and refuses other sizes with 400', async () => {
    for (let index = 0; index < 11; index++) await requestReset('usermanagement@demo.folio.test');
    const first = (await search(admin, { pagination: { page: 0, pageSize: 10 } })).json<SentEmailPage>();
    const second = (await search(admin, { pagination: { page: 1, pageSize: 10 } })).json<SentEmailPage>();
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(12);
    const ids = [...first.items, ...second.items].map((item) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const odd = await search(admin, { pagination: { page: 0, pageSize: 7 } });
    expect(odd.statusCode).toBe(400);
    expect(odd.headers['content-type']).toContain('application/problem+json');
  });

  it('SuperAdmin and Admin read them too; an unknown id is 404 and a malformed one 400', async () => {
    for (const role of ['superadmin', 'admin']) {
      const headers = bearer((await signIn(app, `${role}@demo.folio.test`)).accessToken);
      expect((await search(headers)).statusCode, role).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/backoffice/api/v2/emails/999999', headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/backoffice/api/v2/emails/abc', headers: admin })).statusCode).toBe(400);
  });

  it('nobody else reads them: 401 without a session, 403 for provider users and merchant and property roles', async () => {
    const anonymous = await search({});
    expect(anonymous.statusCode).toBe(401);
    const anyId = (await search(admin)).json<SentEmailPage>().items[0]?.id ?? '1';
    for (const role of ['foliouser', 'foliobot', 'merchantadmin', 'usermanagement', 'propertymanager', 'merchantviewonlyuser']) {
      const headers = bearer((await signIn(app, `${role}@demo.folio.test`)).accessToken);
      const listed = await search(headers);
      const opened = await app.inject({ method: 'GET', url: `/backoffice/api/v2/emails/${anyId}`, headers });
      expect([listed.statusCode, opened.statusCode], role).toEqual([403, 403]);
      expect(listed.body).not.toContain('create-password');
    }
  });
});

describe('how long the list keeps its e-mails (decision 0725)', () => {
  it('says the days of FOLIO_KEEP_SENT_EMAILS_DAYS, the default 730, and null when the setting keeps them all', async () => {
    const keptForDays = async () => (await search(admin)).json<SentEmailPage>().keptForDays;
    expect(await keptForDays()).toBe(730);
    const configured = app.ctx.config.retention;
    try {
      // The configuration the retention sweep reads, as a start with the setting would build it.
      app.ctx.config.retention = configFromEnv({ FOLIO_KEEP_SENT_EMAILS_DAYS: '0' }).retention;
      expect(await keptForDays()).toBeNull();
      app.ctx.config.retention = configFromEnv({ FOLIO_KEEP_SENT_EMAILS_DAYS: '45' }).retention;
      expect(await keptForDays()).toBe(45);
      // A filter that finds nothing still says it: that is when an older e-mail is looked for.
      expect((await search(admin, { recipient: 'nobody-at-all@' })).json<SentEmailPage>()).toMatchObject({ total: 0, keptForDays: 45 });
    } finally {
      app.ctx.config.retention = configured;
    }
  });
});

describe('masking', () => {
  it('masks declared secrets and any token parameter of a link, and is idempotent', () => {
    const text = 'a https://x.example/create-password?token=abc_DEF-123 b raw-secret c https://y.example/p?x=1&token=zzz&y=2';
    const masked = maskSecrets(text, ['raw-secret']);
    expect(masked).toBe('a https://x.example/create-password?token=[redacted] b [redacted] c https://y.example/p?x=1&token=[redacted]&y=2');
    expect(maskSecrets(masked)).toBe(masked);
  });

  it('migration 0040 masks the links of copies written before the view existed', async () => {
    const link = 'http://localhost:3000/create-password?token=LiveToken_0123456789abcdef';
    const { id } = await app.ctx.db
      .insertInto('email_outbox')
      .values({
        recipient: 'old@demo.folio.test',
        subject: 'Set a new Folio password',
        text_body: `Hello,\n${link}\nBye`,
        html_body: `<a href="${link}">set</a>`,
        status: 'stored',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await maskStoredSecrets(app.ctx.db as never);
    const row = await app.ctx.db.selectFrom('email_outbox').select(['text_body', 'html_body']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.text_body).toBe('Hello,\nhttp://localhost:3000/create-password?token=[redacted]\nBye');
    expect(row.html_body).toBe('<a href="http://localhost:3000/create-password?token=[redacted]">set</a>');
  });
});

describe('the list as the outbox grows (decision 0719)', () => {
  it('counts up to the cap and estimates past it, and the recipient filter takes % and _ as they are, any letter case', async () => {
    await sql`INSERT INTO email_outbox (recipient, subject, text_body, status)
      SELECT 'volume' || n || '@Example.test', 'Your payment link', 'text', 'stored' FROM generate_series(1, 60) AS n`.execute(app.ctx.db);
    await sql`INSERT INTO email_outbox (recipient, subject, text_body, status)
      VALUES ('odd_%@example.test', 'Odd', 'text', 'stored'), ('oddx1@example.test', 'Odd', 'text', 'stored')`.execute(app.ctx.db);
    setExactCountUpTo(40);
    try {
      const opening = (await search(admin)).json<SentEmailPage>();
      expect(opening).toMatchObject({ totalExact: false, page: 0, pageSize: 25 });
      expect(opening.total).toBeGreaterThan(40);
      expect(opening.items).toHaveLength(25);
      const ids = opening.items.map((item) => Number(item.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      // Under the cap: exact.
      expect((await search(admin, { recipient: 'VOLUME1' })).json<SentEmailPage>()).toMatchObject({ total: 11, totalExact: true }); // 1, 10-19
      const odd = async (recipient: string) => (await search(admin, { recipient })).json<SentEmailPage>().items.map((item) => item.to);
      expect(await odd('ODD_')).toEqual(['odd_%@example.test']);
      expect(await odd('_%')).toEqual(['odd_%@example.test']);
      expect((await odd('odd')).sort()).toEqual(['odd_%@example.test', 'oddx1@example.test']);
    } finally {
      setExactCountUpTo(DEFAULT_EXACT_COUNT_UP_TO);
      await sql`DELETE FROM email_outbox WHERE recipient LIKE 'volume%' OR recipient LIKE 'odd%'`.execute(app.ctx.db);
    }
  });

  it('finds a recipient through the trigram index of the lower-cased address', async () => {
    // With a scan of the table or a walk of an index in order discouraged, a filter that index cannot serve shows as a scan.
    const plan = await planWithoutSequentialScans(app.ctx.db, (trx) => sentEmailsMatching('guest123@example').compile(trx), { orIndexWalks: true });
    expect(plan).toContain('email_outbox_recipient_trgm');
    expect(plan).not.toContain('Seq Scan');
  });
});
