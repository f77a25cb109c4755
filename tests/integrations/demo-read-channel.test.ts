import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SmtpTestAnswer } from '../../contract/smtp-settings';
import type { WebhookDelivery } from '../../contract/webhooks';
import { bearer, signIn, startTestApp } from '../support/test-app';

// A demo instance allows private targets (decision 0283), so a webhook URL or a mail server may
// name any service on the demo's machine. What such a target answers must not come back to the
// user who typed it: a delivery's log shows the status line and headers, never the body; the test
// e-mail shows the outcome's class and codes, never the server's text (decision 0382).

const SECRET = 'internal-secret-7f3a';
let app: FastifyInstance;
let merchantAdmin: string;
let groupId: string;
let httpService: HttpServer;
let tcpService: TcpServer;

beforeAll(async () => {
  // A local HTTP service with something to hide, and a local non-mail service that greets with it.
  httpService = createHttpServer((_request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end(`${SECRET} in the body`);
  });
  await new Promise<void>((resolve) => httpService.listen(0, '127.0.0.1', resolve));
  tcpService = createTcpServer((socket) => {
    socket.write(`+OK ${SECRET} banner\r\n`);
    socket.on('data', () => socket.write(`-ERR ${SECRET} reply\r\n`));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcpService.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({ orders: 0 });
  Object.assign(app.ctx.config.integrations, { webhookPollMs: 50, webhookMaxAttempts: 1 });
  expect(app.ctx.config.demo && app.ctx.config.integrations.allowPrivateTargets).toBe(true);
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => httpService?.close(resolve));
  await new Promise((resolve) => tcpService?.close(resolve));
});

const scope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
const call = (path: string, method: 'PUT' | 'POST', payload: Record<string, unknown>) =>
  app.inject({ method, url: `/folio/payment-api/v2${path}`, headers: bearer(merchantAdmin), payload });

describe('a demo is no read channel for the services beside it', () => {
  test("a webhook pointed at a local service logs the answer's status line and headers, never its body", async () => {
    const port = (httpService.address() as AddressInfo).port;
    expect((await call('/webhooks', 'PUT', { scope: scope(), url: `http://127.0.0.1:${port}/` })).statusCode).toBe(200);
    const queued = (await call('/webhooks/test', 'POST', { scope: scope() })).json<WebhookDelivery>();
    let delivery: WebhookDelivery | undefined;
    // Attempts run every 50 ms here; a slow machine gets far longer than one needs.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const log = (await call('/webhooks/deliveries/search', 'POST', { scope: scope() })).json<{ items: WebhookDelivery[] }>();
      delivery = log.items.find((item) => item.id === queued.id);
      if (delivery?.status === 'Succeeded' || delivery?.status === 'Failed') break;
    }
    expect(delivery).toMatchObject({ status: 'Succeeded', lastResponseStatus: 200 });
    expect(delivery!.lastResponse).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(delivery!.lastResponse).toMatch(/content-type: text\/plain/i);
    expect(delivery!.lastResponse).not.toContain(SECRET);
    const stored = await app.ctx.db.selectFrom('webhook_delivery_attempts').select('response_body').execute();
    expect(JSON.stringify(stored)).not.toContain(SECRET);
  });

  test('the test e-mail to a local service that is no mail server says it failed and how, not what the service said', async () => {
    const port = (tcpService.address() as AddressInfo).port;
    const saved = await call('/merchant-smtp', 'PUT', {
      scope: scope(),
      provider: 'SMTP',
      server: '127.0.0.1',
      port,
      encryption: 'None',
      username: '',
      senderEmail: 'bookings@lagoon.example',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = (await call('/merchant-smtp/test', 'POST', { scope: scope(), to: 'frontdesk@lagoon.example' })).json<SmtpTestAnswer>();
    expect(answer.delivered).toBe(false);
    expect(answer.serverAnswer).not.toContain(SECRET);
    expect(answer.serverAnswer).toMatch(/mail server's own words are shown only for a public server/);
  });
});
