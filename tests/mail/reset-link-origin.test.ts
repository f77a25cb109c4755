import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import type { Config } from '../../server/config';
import { startTestApp } from '../support/test-app';

// Issue 12 "Reset links from request headers": the link's origin comes from configuration
// (PUBLIC_URL, else the server's own listening address), never from Host or X-Forwarded-*
// unless FOLIO_TRUST_PROXY says a proxy sets them, and then only with an http(s) scheme.

const FORGOT = '/identity/api/v2/auth/folio/forgot-password';
const EMAIL = 'propertymanager@demo.folio.test';
const HOSTILE_HEADERS: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-proto': 'javascript' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
];

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer.close();
});

/** A test app of its own for a describe block, with the SMTP peer as its mail server. */
function appWith(overrides: Partial<Config>): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await startTestApp({ orders: 0, smtpUrl: peer.url, ...overrides });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('the app has not started');
    return app;
  };
}

/** The link the recipient receives and the link in the stored copy of the e-mail. */
async function linksAfterForgot(app: FastifyInstance, headers: Record<string, string>): Promise<{ delivered: string; stored: string }> {
  const after = peer.received.length;
  const answer = await app.inject({ method: 'POST', url: FORGOT, headers, payload: { email: EMAIL } });
  expect(answer.statusCode).toBe(202);
  const delivered = resetLinkIn((await peer.nextMailTo(EMAIL, { after })).text) ?? '';
  const row = await app.ctx.db.selectFrom('email_outbox').select('text_body').where('recipient', '=', EMAIL).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { delivered, stored: resetLinkIn(row.text_body) ?? '' };
}

describe('without PUBLIC_URL (demo)', () => {
  const app = appWith({ host: '0.0.0.0', port: 3999, publicUrl: undefined });
  it('links to the address the server listens on, whatever Host and X-Forwarded-* say', async () => {
    for (const headers of HOSTILE_HEADERS) {
      const { delivered, stored } = await linksAfterForgot(app(), headers);
      expect(delivered, JSON.stringify(headers)).toMatch(/^http:\/\/localhost:3999\/create-password\?token=/);
      expect(stored, JSON.stringify(headers)).toMatch(/^http:\/\/localhost:3999\/create-password\?token=/);
    }
  });
});

describe('with PUBLIC_URL', () => {
  const app = appWith({ publicUrl: 'https://backoffice.example.com' });
  it('every link starts with it, whatever the headers say', async () => {
    for (const headers of [{}, ...HOSTILE_HEADERS]) {
      const { delivered, stored } = await linksAfterForgot(app(), headers);
      expect(delivered, JSON.stringify(headers)).toMatch(/^https:\/\/backoffice\.example\.com\/create-password\?token=/);
      expect(stored, JSON.stringify(headers)).toMatch(/^https:\/\/backoffice\.example\.com\/create-password\?token=/);
    }
  });
});

describe('behind a trusted proxy (FOLIO_TRUST_PROXY)', () => {
  const app = appWith({ host: '127.0.0.1', port: 3998, publicUrl: undefined, trustProxy: 'loopback' });
  it('uses the forwarded address, but only when it is a plain http or https origin, and never the Host header', async () => {
    const forwarded = await linksAfterForgot(app(), { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'folio.example.org' });
    expect(forwarded.delivered).toMatch(/^https:\/\/folio\.example\.org\/create-password\?token=/);
    const refused: Record<string, string>[] = [
      { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/@x' },
      { host: 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of refused) {
      const { delivered } = await linksAfterForgot(app(), headers);
      expect(delivered, JSON.stringify(headers)).toMatch(/^http:\/\/127\.0\.0\.1:3998\/create-password\?token=/);
    }
  });
});

describe('with FOLIO_TRUST_PROXY naming other peers', () => {
  const app = appWith({ host: '127.0.0.1', port: 3997, publicUrl: undefined, trustProxy: '10.0.0.0/8' });
  it('ignores what a client that is not one of them forwards', async () => {
    for (const headers of HOSTILE_HEADERS) {
      const { delivered } = await linksAfterForgot(app(), headers);
      expect(delivered, JSON.stringify(headers)).toMatch(/^http:\/\/127\.0\.0\.1:3997\/create-password\?token=/);
    }
  });
});
