import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SmtpTestAnswer } from '../../contract/smtp-settings';
import { embeddedIpv4, isPrivateAddress } from '../../server/outbound/outbound-target';
import { postWebhook } from '../../server/webhooks/webhook-post';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Where the server may connect when private targets are refused (production; decision 0283, issue
// 33): an IPv6 address that carries a private IPv4 one is that IPv4 address, and the server's own
// interface addresses reach its own ports like 127.0.0.1 does (decision 0382).

/** The forms an IPv6 address may carry 127.0.0.1 or 10.0.0.1 in, as a URL writes them and as typed. */
const CARRYING_PRIVATE = [
  '::7f00:1', // IPv4-compatible, the form URLs normalise `[::127.0.0.1]` to
  '::127.0.0.1',
  '::ffff:7f00:1', // IPv4-mapped
  '::ffff:127.0.0.1',
  '::FFFF:10.0.0.1',
  '::ffff:0:7f00:1', // IPv4-translated
  '2002:7f00:1::', // 6to4
  '0:0:0:0:0:0:a00:1',
];

/** The server's addresses other than loopback, as a URL host. */
const ownAddresses = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .filter((entry) => !entry.internal)
  .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address))
  .filter((host) => !host.startsWith('[fe80'));

describe('addresses that carry another', () => {
  test('an IPv6 address carrying a private IPv4 address is private; one carrying a public address is not', () => {
    for (const address of CARRYING_PRIVATE) expect(isPrivateAddress(address), address).toBe(true);
    expect(embeddedIpv4('::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:c000:202')).toBe('192.0.2.2');
    expect(embeddedIpv4('2002:0808:0808::1')).toBe('8.8.8.8');
    for (const address of ['::808:808', '::ffff:8.8.8.8', '2606:4700::1111', '8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('with private targets refused', () => {
  let app: FastifyInstance;
  let merchantAdmin: string;
  let groupId: string;
  let listener: Server;
  let listenerPort: number;
  let heard = 0;

  beforeAll(async () => {
    // A service of this machine listening on every interface, as a database or an admin port would.
    listener = createServer((request, response) => {
      heard += 1;
      response.end('internal secrets');
    });
    await new Promise<void>((resolve) => listener.listen(0, '::', resolve));
    listenerPort = (listener.address() as AddressInfo).port;
    app = await startTestApp({ orders: 0 });
    app.ctx.config.integrations.allowPrivateTargets = false;
    merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  const scope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
  const saveWebhook = (url: string, payLaterUrl?: string) =>
    app.inject({
      method: 'PUT',
      url: '/folio/payment-api/v2/webhooks',
      headers: bearer(merchantAdmin),
      payload: { scope: scope(), url, ...(payLaterUrl === undefined ? {} : { payLaterUrl }) },
    });
  const saveSmtp = (server: string) =>
    app.inject({
      method: 'PUT',
      url: '/folio/payment-api/v2/merchant-smtp',
      headers: bearer(merchantAdmin),
      payload: { scope: scope(), provider: 'SMTP', server, port: 25, encryption: 'None', username: '', senderEmail: 'bookings@lagoon.example' },
    });
  const fieldError = (response: { json: <T>() => T }, field: string) => response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0];
  const codeOf = (response: { json: <T>() => T }) => response.json<{ code?: string }>().code;

  test('a webhook URL or mail server written as an IPv6 address carrying loopback or a private address is refused at save', async () => {
    for (const address of CARRYING_PRIVATE) {
      const webhook = await saveWebhook(`https://[${address}]:4399/`);
      expect(webhook.statusCode, address).toBe(400);
      expect(fieldError(webhook, 'url'), address).toMatch(/private network/);
      expect(codeOf(webhook), address).toBe('outboundTarget.privateAddress');
      const smtp = await saveSmtp(address);
      expect(smtp.statusCode, address).toBe(400);
      expect(fieldError(smtp, 'server'), address).toMatch(/private network/);
      expect(codeOf(smtp), address).toBe('outboundTarget.privateAddress');
    }
  });

  test('a webhook address without https is refused with its own code; two addresses refused for different reasons with one naming both', async () => {
    const plain = await saveWebhook('http://hooks.lagoon.example/folio');
    expect(plain.statusCode).toBe(400);
    expect(fieldError(plain, 'url')).toBe('use https://');
    expect(codeOf(plain)).toBe('webhook.httpsOnly');
    const both = await saveWebhook('http://hooks.lagoon.example/folio', 'http://hooks.lagoon.example/later');
    expect(codeOf(both)).toBe('webhook.httpsOnly');
    const mixed = await saveWebhook('https://10.0.0.1/folio', 'http://hooks.lagoon.example/later');
    expect(mixed.statusCode).toBe(400);
    expect([fieldError(mixed, 'url'), fieldError(mixed, 'payLaterUrl')]).toEqual(['this address is on a private network; use a public host', 'use https://']);
    expect(codeOf(mixed)).toBe('webhook.addressesRefused');
  });

  test('a delivery or test e-mail to such an address saved earlier is not dialled', async () => {
    heard = 0;
    const outcome = await postWebhook(`http://[::ffff:127.0.0.1]:${listenerPort}/`, {}, '{}', { allowPrivate: false, timeoutMs: 5000 });
    expect(outcome.error).toMatch(/private network/);
    const compatible = await postWebhook(`http://[::7f00:1]:${listenerPort}/`, {}, '{}', { allowPrivate: false, timeoutMs: 5000 });
    expect(compatible.error).toMatch(/private network/);
    expect(heard).toBe(0);

    expect((await saveSmtp('mail.lagoon.example')).statusCode).toBe(200);
    await app.ctx.db.updateTable('smtp_settings').set({ server: '::ffff:7f00:1' }).where('merchant_group_id', '=', groupId).execute();
    const answer = await app.inject({
      method: 'POST',
      url: '/folio/payment-api/v2/merchant-smtp/test',
      headers: bearer(merchantAdmin),
      payload: { scope: scope(), to: 'frontdesk@lagoon.example' },
    });
    expect(answer.json<SmtpTestAnswer>()).toMatchObject({ delivered: false, serverAnswer: expect.stringMatching(/private network/) });
  });

  test("the server's own interface addresses are refused at save and not dialled, whatever range they are in", async () => {
    for (const host of ownAddresses) {
      const webhook = await saveWebhook(`https://${host}/hooks`);
      expect(webhook.statusCode, host).toBe(400);
      expect(fieldError(webhook, 'url'), host).toMatch(/this server itself/);
      expect(codeOf(webhook), host).toBe('outboundTarget.ownAddress');
      const smtp = await saveSmtp(host.replace(/^\[|\]$/g, ''));
      expect(fieldError(smtp, 'server'), host).toMatch(/this server itself/);
      expect(codeOf(smtp), host).toBe('outboundTarget.ownAddress');
      heard = 0;
      const outcome = await postWebhook(`http://${host}:${listenerPort}/`, {}, '{}', { allowPrivate: false, timeoutMs: 5000 });
      expect(outcome.error, host).toMatch(/this server itself/);
      expect(heard, host).toBe(0);
    }
  });
});
