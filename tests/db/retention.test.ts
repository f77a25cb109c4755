import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { configFromEnv } from '../../server/config';
import { DEFAULT_RETENTION, forgetWhatIsNoLongerKept } from '../../server/db/retention';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { startTestApp } from '../support/test-app';

// Decision 0724: what Folio forgets, and when. Each kind is written on both sides of its line (a day either way) and
// one sweep forgets exactly what is past it: ended sessions after 30 days with their refresh tokens, password-reset
// links a day after they expired, finished webhook deliveries after 90 days with their attempts (one under way never),
// copies of sent e-mails after 730 days. The audit log is not touched. A server sweeps once its database is ready.

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-12-02T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** The rows of one case each, by name, written on `db`. */
async function writeBothSidesOfEachLine(db: Db) {
  const user = await db.selectFrom('users').select('id').orderBy('email').executeTakeFirstOrThrow();
  const session = async (values: { expires_at: Date; revoked_at: Date | null }) =>
    (
      await db
        .insertInto('sessions')
        .values({ user_id: user.id, created_at: daysAgo(60), refreshed_at: daysAgo(60), user_agent: 'retention test', ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const sessions = {
    expired31: await session({ expires_at: daysAgo(31), revoked_at: null }),
    revoked31: await session({ expires_at: daysAgo(-1), revoked_at: daysAgo(31) }),
    revoked29: await session({ expires_at: daysAgo(-1), revoked_at: daysAgo(29) }),
    live: await session({ expires_at: daysAgo(-1), revoked_at: null }),
  };
  await db
    .insertInto('refresh_tokens')
    .values([
      { token_hash: 'retention-expired-1', session_id: sessions.expired31, issued_at: daysAgo(32), superseded_at: daysAgo(31.9) },
      { token_hash: 'retention-expired-2', session_id: sessions.expired31, issued_at: daysAgo(31.9), superseded_at: null },
      { token_hash: 'retention-live', session_id: sessions.live, issued_at: daysAgo(0), superseded_at: null },
    ])
    .execute();
  const reset = (token_hash: string, expires_at: Date, used_at: Date | null) =>
    db
      .insertInto('password_reset_tokens')
      .values({ token_hash, user_id: user.id, created_at: daysAgo(3), expires_at, used_at })
      .execute();
  await reset('retention-reset-2d', daysAgo(2), null);
  await reset('retention-reset-used-2d', daysAgo(2), daysAgo(2.5));
  await reset('retention-reset-12h', daysAgo(0.5), null);
  await reset('retention-reset-valid', daysAgo(-0.5), null);

  const group = await db.selectFrom('merchant_groups').select('id').orderBy('name').executeTakeFirstOrThrow();
  const receiver = await db
    .insertInto('webhook_settings')
    .values({ merchant_group_id: group.id, url: 'https://hooks.example.test/retention', secret_cipher: 'x', secret_hint: 'abcd' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = async (created_at: Date, finished_at: Date | null, status: 'Succeeded' | 'Failed' | 'Pending') =>
    (
      await db
        .insertInto('webhook_deliveries')
        .values({
          webhook_settings_id: receiver.id,
          merchant_group_id: group.id,
          event_type: 'order.paid',
          payload: { retention: true },
          target_url: 'https://hooks.example.test/retention',
          status,
          next_attempt_at: created_at,
          created_at,
          finished_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const deliveries = {
    delivered91: await delivery(daysAgo(92), daysAgo(91), 'Succeeded'),
    givenUp91: await delivery(daysAgo(95), daysAgo(91), 'Failed'),
    delivered89: await delivery(daysAgo(89), daysAgo(89), 'Succeeded'),
    underWay200: await delivery(daysAgo(200), null, 'Pending'),
  };
  await db
    .insertInto('webhook_delivery_attempts')
    .values({ delivery_id: deliveries.givenUp91, attempt_no: 1, request_headers: {}, request_body: '{}', duration_ms: 5, created_at: daysAgo(95) })
    .execute();
  const email = async (created_at: Date) =>
    (
      await db
        .insertInto('email_outbox')
        .values({ recipient: 'guest@example.test', subject: 'Your payment link', text_body: 'Pay here', status: 'stored', created_at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const emails = { sent731: await email(daysAgo(731)), sent729: await email(daysAgo(729)) };
  return { sessions, deliveries, emails };
}

async function remaining(db: Db) {
  const [sessions, tokens, resets, deliveries, attempts, emails] = await Promise.all([
    db.selectFrom('sessions').select('id').where('user_agent', '=', 'retention test').execute(),
    db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', 'like', 'retention-%').execute(),
    db.selectFrom('password_reset_tokens').select('token_hash').where('token_hash', 'like', 'retention-%').execute(),
    db.selectFrom('webhook_deliveries').select('id').where('target_url', '=', 'https://hooks.example.test/retention').execute(),
    db.selectFrom('webhook_delivery_attempts').select('id').where('request_body', '=', '{}').execute(),
    db.selectFrom('email_outbox').select('id').where('subject', '=', 'Your payment link').execute(),
  ]);
  return {
    sessions: sessions.map((row) => row.id).sort(),
    tokens: tokens.map((row) => row.token_hash).sort(),
    resets: resets.map((row) => row.token_hash).sort(),
    deliveries: deliveries.map((row) => String(row.id)).sort(),
    attempts: attempts.length,
    emails: emails.map((row) => String(row.id)).sort(),
  };
}

describe('one sweep of what is past its keeping (decision 0724)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => app?.close());

  it('forgets exactly what is past each line, keeps the rest, and leaves the audit log alone', async () => {
    const db = app.ctx.db;
    const audit = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const { sessions, deliveries, emails } = await writeBothSidesOfEachLine(db);
    // Keeping everything: nothing of the deliveries and e-mails goes; what signing in leaves goes by its fixed lines.
    const keptAll = await forgetWhatIsNoLongerKept(db, { webhookDeliveryDays: 0, sentEmailDays: 0 }, NOW);
    expect(keptAll).toEqual({ sessions: 2, passwordResets: 2, webhookDeliveries: 0, sentEmails: 0 });
    expect(await forgetWhatIsNoLongerKept(db, DEFAULT_RETENTION, NOW)).toEqual({ sessions: 0, passwordResets: 0, webhookDeliveries: 2, sentEmails: 1 });
    expect(await remaining(db)).toEqual({
      sessions: [sessions.revoked29, sessions.live].sort(),
      tokens: ['retention-live'],
      resets: ['retention-reset-12h', 'retention-reset-valid'],
      deliveries: [String(deliveries.delivered89), String(deliveries.underWay200)].sort(),
      attempts: 0,
      emails: [String(emails.sent729)],
    });
    const auditAfter = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(auditAfter.n).toEqual(audit.n);
    // A second sweep finds nothing more.
    expect(await forgetWhatIsNoLongerKept(db, DEFAULT_RETENTION, NOW)).toEqual({ sessions: 0, passwordResets: 0, webhookDeliveries: 0, sentEmails: 0 });
  });

  it('forgets a backlog larger than one batch in one sweep', async () => {
    const db = app.ctx.db;
    await sql`INSERT INTO email_outbox (recipient, subject, text_body, status, created_at)
      SELECT 'guest' || g || '@example.test', 'Backlog', 'Pay here', 'stored', ${daysAgo(800)}::timestamptz FROM generate_series(1, 5100) AS g`.execute(db);
    expect((await forgetWhatIsNoLongerKept(db, DEFAULT_RETENTION, NOW)).sentEmails).toBe(5100);
    const left = await db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('subject', '=', 'Backlog')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

describe.skipIf(!postgresUrl)('a server forgets what is past its keeping once its database is ready', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await freshPostgresDatabase());
  }, 60_000);
  afterAll(async () => drop?.());

  it('sweeps at start: an e-mail copy of three years ago is gone, one of today stays', async () => {
    // The first server migrates the database and sweeps it; closing waits for that sweep, so the rows written after
    // it (on a connection of the test's own) can only be swept by the next start, however slow the machine.
    await (await startTestApp({ database: { kind: 'postgres', url }, orders: 0 })).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const idsAtStart = async () =>
      (await client.query<{ id: string }>(`SELECT id::text AS id FROM email_outbox WHERE subject = 'At start' ORDER BY id`)).rows.map((row) => row.id);
    try {
      const write = async (createdAt: Date) =>
        (
          await client.query<{ id: string }>(
            `INSERT INTO email_outbox (recipient, subject, text_body, status, created_at)
             VALUES ('guest@example.test', 'At start', 'Pay here', 'stored', $1) RETURNING id::text AS id`,
            [createdAt],
          )
        ).rows[0]?.id;
      const old = await write(new Date(Date.now() - 3 * 365 * DAY));
      const recent = await write(new Date());
      expect(await idsAtStart()).toEqual([old, recent].sort((a, b) => Number(a) - Number(b)));
      const next = await startTestApp({ database: { kind: 'postgres', url }, orders: 0 });
      try {
        await expect.poll(idsAtStart, { timeout: 30_000 }).toEqual([recent]);
      } finally {
        await next.close();
      }
    } finally {
      await client.end();
    }
  });
});

describe('the retention settings (decision 0724)', () => {
  it('read the days asked for, 0 to keep everything, and refuse what no sweep could apply', () => {
    expect(configFromEnv({}).retention).toEqual(DEFAULT_RETENTION);
    expect(configFromEnv({ FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS: '30', FOLIO_KEEP_SENT_EMAILS_DAYS: '0' }).retention).toEqual({
      webhookDeliveryDays: 30,
      sentEmailDays: 0,
    });
    expect(() => configFromEnv({ FOLIO_KEEP_SENT_EMAILS_DAYS: '-5' })).toThrow('FOLIO_KEEP_SENT_EMAILS_DAYS must be a whole number, got "-5"');
    expect(() => configFromEnv({ FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS: '1000000000' })).toThrow(
      'FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS must be at most 36500 days (a hundred years), got "1000000000"; 0 keeps everything',
    );
  });
});
