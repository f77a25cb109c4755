import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { SETTINGS_CHANGED_DETAIL } from '../../contract/settings/endpoints';
import type { SmtpSettingsAnswer } from '../../contract/smtp-settings';
import { NEVER_SAVED, VERSION_HEADER, versionOf } from '../../contract/versions';
import type { WebhookSecretAnswer, WebhookSettingsAnswer } from '../../contract/webhooks';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0354 for the e-mail and webhook settings: a save that names the version it was made from (If-Match, the
// scope's own `updatedAt` it read) is refused with 412 and writes nothing once someone else has saved since; the same
// change made from the current version goes through; a caller that names none keeps the last write.
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let groupId: string;
let propertyId: string;

const groupScope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
const propertyScope = () => ({ kind: 'property', merchantGroupId: groupId, merchantId: propertyId });
const send = (token: string, method: 'PUT' | 'POST', path: string, payload: object, version?: string) =>
  app.inject({
    method,
    url: `${MERCHANT_API}${path}`,
    headers: { ...bearer(token), ...(version === undefined ? {} : { [VERSION_HEADER]: version }) },
    payload,
  });

const smtpBody = (scope: object, server: string) => ({
  scope,
  provider: 'SMTP',
  server,
  port: 587,
  encryption: 'STARTTLS',
  username: 'lagoon-mailer',
  password: 'Sm7p-pa55-word!',
  senderEmail: 'bookings@lagoon.example',
  senderName: 'Lagoon Hotels',
});
const readSmtp = async (scope: object) => (await send(admin, 'POST', '/merchant-smtp/search', { scope })).json<SmtpSettingsAnswer>();
const readWebhooks = async (scope: object) => (await send(admin, 'POST', '/webhooks/search', { scope })).json<WebhookSettingsAnswer>();

beforeAll(async () => {
  app = await startTestApp({ orders: 10 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
  propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => {
  await app.close();
});

describe('two people editing one e-mail settings page (decision 0354)', () => {
  test('a save made from a version someone has replaced since is a 412 and writes nothing; from the current version it goes through', async () => {
    const seed = await send(admin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.first.example'));
    expect(seed.statusCode).toBe(200);
    const opened = versionOf((await readSmtp(groupScope())).settings?.updatedAt ?? null);
    // Both open the page; the first saves from what they read.
    const first = await send(merchantAdmin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.second.example'), opened);
    expect(first.statusCode).toBe(200);
    const second = await send(admin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.third.example'), opened);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ status: 412, detail: SETTINGS_CHANGED_DETAIL });
    expect((await readSmtp(groupScope())).settings).toMatchObject({ server: 'smtp.second.example' });
    // The spec's POST /merchant-smtp is the same call: refused the same way.
    expect((await send(admin, 'POST', '/merchant-smtp', smtpBody(groupScope(), 'smtp.third.example'), opened)).statusCode).toBe(412);
    expect((await readSmtp(groupScope())).settings).toMatchObject({ server: 'smtp.second.example' });
    // Made again from the version the first save left, it goes through.
    const current = versionOf(first.json<SmtpSettingsAnswer>().settings?.updatedAt ?? null);
    const again = await send(admin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.third.example'), current);
    expect(again.statusCode).toBe(200);
    expect((await readSmtp(groupScope())).settings).toMatchObject({ server: 'smtp.third.example' });
    // A caller that names no version keeps the last write.
    expect((await send(admin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.fourth.example'))).statusCode).toBe(200);
    expect((await readSmtp(groupScope())).settings).toMatchObject({ server: 'smtp.fourth.example' });
  });

  test('a first save made from "never saved" is refused once someone else saved the property’s own settings first', async () => {
    expect((await readSmtp(propertyScope())).settings).toBeNull();
    const first = await send(merchantAdmin, 'PUT', '/merchant-smtp', smtpBody(propertyScope(), 'smtp.canal.example'), NEVER_SAVED);
    expect(first.statusCode).toBe(200);
    const second = await send(admin, 'PUT', '/merchant-smtp', smtpBody(propertyScope(), 'smtp.other.example'), NEVER_SAVED);
    expect(second.statusCode).toBe(412);
    expect((await readSmtp(propertyScope())).settings).toMatchObject({ server: 'smtp.canal.example' });
  });
});

describe('two people editing one webhook settings page (decision 0354)', () => {
  test('a save made from a version someone has replaced since is a 412 and writes nothing; from the current version it goes through', async () => {
    const seed = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.first.example/folio' });
    expect(seed.statusCode).toBe(200);
    const opened = versionOf((await readWebhooks(groupScope())).settings?.updatedAt ?? null);
    const first = await send(merchantAdmin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.second.example/folio' }, opened);
    expect(first.statusCode).toBe(200);
    const second = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.third.example/folio', payLaterUrl: '' }, opened);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ status: 412, detail: SETTINGS_CHANGED_DETAIL });
    expect((await readWebhooks(groupScope())).settings).toMatchObject({ url: 'https://hooks.second.example/folio' });
    const current = versionOf(first.json<WebhookSecretAnswer>().settings?.updatedAt ?? null);
    const again = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.third.example/folio' }, current);
    expect(again.statusCode).toBe(200);
    expect((await readWebhooks(groupScope())).settings).toMatchObject({ url: 'https://hooks.third.example/folio' });
    expect((await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.fourth.example/folio' })).statusCode).toBe(200);
    expect((await readWebhooks(groupScope())).settings).toMatchObject({ url: 'https://hooks.fourth.example/folio' });
  });

  test('a first save from "never saved" that lost the race writes no second secret', async () => {
    const first = await send(merchantAdmin, 'PUT', '/webhooks', { scope: propertyScope(), url: 'https://hooks.canal.example/folio' }, NEVER_SAVED);
    expect(first.statusCode).toBe(200);
    const created = first.json<WebhookSecretAnswer>();
    expect(created.secret).not.toBeNull();
    const second = await send(admin, 'PUT', '/webhooks', { scope: propertyScope(), url: 'https://hooks.other.example/folio' }, NEVER_SAVED);
    expect(second.statusCode).toBe(412);
    expect((await readWebhooks(propertyScope())).settings).toMatchObject({
      url: 'https://hooks.canal.example/folio',
      secretHint: created.settings?.secretHint,
    });
  });
});
