import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { SETTINGS_CHANGED_DETAIL } from '../../contract/settings/endpoints';
import type { SmtpSettingsAnswer } from '../../contract/smtp-settings';
import { NEVER_SAVED, shownVersionOf, VERSION_HEADER, versionOf } from '../../contract/versions';
import type { WebhookSecretAnswer, WebhookSettingsAnswer } from '../../contract/webhooks';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { smtpBody } from '../support/settings-bodies';

// Decision 0354 for the e-mail and webhook settings: a save that names the version it was made from (If-Match, the
// scope's own `updatedAt` it read) is refused with 412 and writes nothing once someone else has saved since; the same
// change made from the current version goes through; a caller that names none keeps the last write. Decision 0683: a
// property's page showing its group's settings names the group's version, and a webhook address save the addresses'.
// On the embedded engine, and on PostgreSQL when TEST_DATABASE_URL names one.

const engines = [
  { engine: 'the embedded engine', start: async () => ({ app: await startTestApp({ orders: 10 }), drop: async () => undefined }) },
  ...(postgresUrl
    ? [
        {
          engine: 'PostgreSQL',
          start: async () => {
            const fresh = await freshPostgresDatabase();
            return { app: await startTestApp({ orders: 10, database: { kind: 'postgres', url: fresh.url } }), drop: fresh.drop };
          },
        },
      ]
    : []),
];

describe.each(engines)('on $engine', ({ start }) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let admin: string;
  let merchantAdmin: string;
  let groupId: string;
  let propertyId: string;
  let inheritingPropertyId: string;

  const groupScope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
  const propertyScope = () => ({ kind: 'property', merchantGroupId: groupId, merchantId: propertyId });
  /** A property without e-mail or webhook settings of its own: its page shows the group's. */
  const inheritingScope = () => ({ kind: 'property', merchantGroupId: groupId, merchantId: inheritingPropertyId });
  const send = (token: string, method: 'PUT' | 'POST', path: string, payload: object, version?: string) =>
    app.inject({
      method,
      url: `${MERCHANT_API}${path}`,
      headers: { ...bearer(token), ...(version === undefined ? {} : { [VERSION_HEADER]: version }) },
      payload,
    });

  const readSmtp = async (scope: object) => (await send(admin, 'POST', '/merchant-smtp/search', { scope })).json<SmtpSettingsAnswer>();
  const readWebhooks = async (scope: object) => (await send(admin, 'POST', '/webhooks/search', { scope })).json<WebhookSettingsAnswer>();
  /** The version a page names for what it shows (decision 0683): the scope's own settings', else its group's. */
  const smtpShown = (answer: SmtpSettingsAnswer) => shownVersionOf(answer.settings?.updatedAt, answer.inherited?.updatedAt);
  const addressesShown = (answer: WebhookSettingsAnswer) => shownVersionOf(answer.settings?.addressesUpdatedAt, answer.inherited?.addressesUpdatedAt);

  beforeAll(async () => {
    ({ app, drop } = await start());
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
    propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
    inheritingPropertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Dune Resort Scheveningen').executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
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

  describe('a property page that shows its group’s settings (decision 0683)', () => {
    test('an e-mail save made from the group’s values is refused once the group’s changed, writes nothing, and goes through from the current ones', async () => {
      const group = await send(admin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.group-one.example'));
      expect(group.statusCode).toBe(200);
      const opened = await readSmtp(inheritingScope());
      expect(opened).toMatchObject({ settings: null, inherited: { server: 'smtp.group-one.example' } });
      // Another admin changes the group's settings on the group's page meanwhile.
      const theirs = await send(
        merchantAdmin,
        'PUT',
        '/merchant-smtp',
        smtpBody(groupScope(), 'smtp.group-two.example'),
        smtpShown(await readSmtp(groupScope())),
      );
      expect(theirs.statusCode).toBe(200);

      // The property page's save, made from the group's old values, would make them the property's own: refused.
      const stale = await send(admin, 'PUT', '/merchant-smtp', smtpBody(inheritingScope(), 'smtp.group-one.example'), smtpShown(opened));
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ status: 412, type: expect.stringContaining('changed-since'), detail: SETTINGS_CHANGED_DETAIL });
      expect(await readSmtp(inheritingScope())).toMatchObject({ settings: null, inherited: { server: 'smtp.group-two.example' } });

      // Made from what the page shows now, it goes through.
      const current = await readSmtp(inheritingScope());
      const again = await send(admin, 'PUT', '/merchant-smtp', smtpBody(inheritingScope(), 'smtp.dune.example'), smtpShown(current));
      expect(again.statusCode).toBe(200);
      expect((await readSmtp(inheritingScope())).settings).toMatchObject({ server: 'smtp.dune.example' });
      // Once the property has settings of its own, a save names theirs, and a change to the group's no longer matters.
      const own = await readSmtp(inheritingScope());
      await send(merchantAdmin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.group-three.example'));
      expect((await send(admin, 'PUT', '/merchant-smtp', smtpBody(inheritingScope(), 'smtp.dune-two.example'), smtpShown(own))).statusCode).toBe(200);
    });

    test('a first save naming "never saved", with nothing shown from the group, still goes through while the property has none of its own', async () => {
      await app.ctx.db.deleteFrom('smtp_settings').where('merchant_id', '=', inheritingPropertyId).execute();
      await send(merchantAdmin, 'PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.group-four.example'));
      const first = await send(admin, 'PUT', '/merchant-smtp', smtpBody(inheritingScope(), 'smtp.dune.example'), NEVER_SAVED);
      expect(first.statusCode).toBe(200);
      expect((await readSmtp(inheritingScope())).settings).toMatchObject({ server: 'smtp.dune.example' });
    });

    test('a webhook address save made from the group’s addresses is refused once the group’s changed; a rotation of the group’s secret refuses nothing', async () => {
      const group = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.group-one.example/folio' });
      expect(group.statusCode).toBe(200);
      const opened = await readWebhooks(inheritingScope());
      expect(opened).toMatchObject({ settings: null, inherited: { url: 'https://hooks.group-one.example/folio' } });
      // Another admin rotates the group's secret: no address changed, the page's save still stands.
      expect((await send(merchantAdmin, 'POST', '/webhooks/rotate-secret', { scope: groupScope() })).statusCode).toBe(200);
      // Another admin changes the group's address: the page's save, made from the old one, is refused and writes nothing.
      const theirs = await send(merchantAdmin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.group-two.example/folio' });
      expect(theirs.statusCode).toBe(200);
      const stale = await send(admin, 'PUT', '/webhooks', { scope: inheritingScope(), url: 'https://hooks.dune.example/folio' }, addressesShown(opened));
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ status: 412, detail: SETTINGS_CHANGED_DETAIL });
      expect(await readWebhooks(inheritingScope())).toMatchObject({ settings: null, inherited: { url: 'https://hooks.group-two.example/folio' } });

      const current = await readWebhooks(inheritingScope());
      expect((await send(merchantAdmin, 'POST', '/webhooks/rotate-secret', { scope: groupScope() })).statusCode).toBe(200);
      const again = await send(admin, 'PUT', '/webhooks', { scope: inheritingScope(), url: 'https://hooks.dune.example/folio' }, addressesShown(current));
      expect(again.statusCode).toBe(200);
      expect(again.json<WebhookSecretAnswer>().secret).not.toBeNull();
      expect((await readWebhooks(inheritingScope())).settings).toMatchObject({ url: 'https://hooks.dune.example/folio' });
    });
  });

  describe('a webhook secret rotated by someone else (decision 0683)', () => {
    test('refuses no address save made before it; someone else’s address save still does', async () => {
      const seed = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/one' });
      expect(seed.statusCode).toBe(200);
      const opened = await readWebhooks(groupScope());
      // Another admin rotates the secret; this caller has not read since.
      const rotated = await send(merchantAdmin, 'POST', '/webhooks/rotate-secret', { scope: groupScope() });
      expect(rotated.statusCode).toBe(200);
      const afterRotation = rotated.json<WebhookSecretAnswer>().settings;
      expect(afterRotation?.updatedAt).not.toBe(opened.settings?.updatedAt);
      expect(afterRotation?.addressesUpdatedAt).toBe(opened.settings?.addressesUpdatedAt);

      // Named by the addresses' version read before the rotation, the address save goes through.
      const mine = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/two' }, addressesShown(opened));
      expect(mine.statusCode).toBe(200);
      expect((await readWebhooks(groupScope())).settings).toMatchObject({ url: 'https://hooks.lagoon.example/two', secretHint: afterRotation?.secretHint });

      // A caller of the row's `updatedAt` (read before a rotation, or after it) is not refused by the rotation either.
      const read = await readWebhooks(groupScope());
      await send(merchantAdmin, 'POST', '/webhooks/rotate-secret', { scope: groupScope() });
      expect(
        (await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/three' }, versionOf(read.settings!.updatedAt)))
          .statusCode,
      ).toBe(200);
      const readAfter = await readWebhooks(groupScope());
      await send(merchantAdmin, 'POST', '/webhooks/rotate-secret', { scope: groupScope() });
      const latest = await readWebhooks(groupScope());
      expect(
        (await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/four' }, versionOf(latest.settings!.updatedAt)))
          .statusCode,
      ).toBe(200);

      // Someone else's address save since: refused, whichever version the caller names, and nothing written.
      const theirs = await send(merchantAdmin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/theirs' });
      expect(theirs.statusCode).toBe(200);
      for (const version of [addressesShown(readAfter), versionOf(latest.settings!.updatedAt), addressesShown(latest)]) {
        const refused = await send(admin, 'PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/mine' }, version);
        expect(refused.statusCode).toBe(412);
      }
      expect((await readWebhooks(groupScope())).settings).toMatchObject({ url: 'https://hooks.lagoon.example/theirs' });
    });
  });
});
