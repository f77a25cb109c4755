import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import { signIn, startTestApp } from '../support/test-app';

// Issue 12 "Account takeover in demo mode": forgot-password, read the token through an anonymous
// route, reset the password, sign in. The reset e-mail reaches its recipient over real SMTP (the
// peer stands in for the user's mail client), so each test knows the real token and can check that
// no anonymous answer carries it.

const FORGOT = '/identity/api/v2/auth/folio/forgot-password';
const RESET = '/identity/api/v2/auth/folio/reset-password';
const ATTACKER_PASSWORD = 'Attacker-pass-2026';

let app: FastifyInstance;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ orders: 0, smtpUrl: peer.url });
}, 120_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

/** Asks for a reset link as anyone may, and returns the token the recipient receives. */
async function requestReset(email: string): Promise<string> {
  const after = peer.received.length;
  const answer = await app.inject({ method: 'POST', url: FORGOT, payload: { email } });
  expect(answer.statusCode).toBe(202);
  const link = resetLinkIn((await peer.nextMailTo(email, { after })).text);
  const token = new URL(link ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error('the reset e-mail has no token');
  return token;
}

function tokensIn(body: string): string[] {
  return [...body.matchAll(/token=([A-Za-z0-9_%-]{16,})/g)].map((match) => decodeURIComponent(match[1] ?? ''));
}

function examplePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'tenant' ? 'folio' : '1'));
}

describe('no anonymous route reveals mail', () => {
  it('the old demo outbox address answers 404 with no mail, with or without ?to=', async () => {
    const email = 'foliouser@demo.folio.test';
    const token = await requestReset(email);
    for (const url of ['/api/demo/outbox', `/api/demo/outbox?to=${encodeURIComponent(email)}`, `/api/demo/outbox?to=${encodeURIComponent(email)}&limit=100`]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toContain('application/problem+json');
      expect(answer.body, url).not.toContain(token);
      expect(answer.body, url).not.toContain('create-password');
    }
  });

  it('no endpoint of the contract, called without credentials, answers with the token or the link', async () => {
    const email = 'merchantadmin@demo.folio.test';
    const token = await requestReset(email);
    const called: string[] = [];
    for (const endpoint of endpoints) {
      const url = `${examplePath(endpoint.path)}?to=${encodeURIComponent(email)}`;
      const answer = await app.inject({ method: endpoint.method, url, ...(endpoint.method === 'GET' ? {} : { payload: {} }) });
      called.push(endpoint.id);
      expect(answer.body, `${endpoint.id} ${endpoint.method} ${url}`).not.toContain(token);
      expect(answer.body, `${endpoint.id} ${endpoint.method} ${url}`).not.toContain('create-password');
      if (endpoint.access !== 'public') expect(answer.statusCode, endpoint.id).toBe(401);
    }
    expect(called.length).toBeGreaterThan(20);
  });

  it('the takeover chain of issue 12 fails: forgot-password, then no token to reset with, so the account keeps its password', async () => {
    const victim = 'folioadmin@demo.folio.test';
    const realToken = await requestReset(victim);
    // What an attacker tries: the old outbox and the sent e-mails view, without credentials.
    const bodies = await Promise.all([
      app.inject({ method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(victim)}` }),
      app.inject({ method: 'GET', url: '/api/demo/outbox' }),
      app.inject({ method: 'POST', url: '/backoffice/api/v2/emails/search', payload: {} }),
    ]);
    const stolen = bodies.flatMap((answer) => tokensIn(answer.body));
    for (const token of stolen) await app.inject({ method: 'POST', url: RESET, payload: { token, password: ATTACKER_PASSWORD } });

    expect((await signIn(app, victim, ATTACKER_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, victim)).response.statusCode).toBe(200);
    expect(stolen).toEqual([]);
    // The e-mailed link itself still works for its recipient.
    const reset = await app.inject({ method: 'POST', url: RESET, payload: { token: realToken, password: 'Recipient-pass-2027' } });
    expect(reset.statusCode).toBe(200);
  });
});
