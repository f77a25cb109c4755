import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SETTINGS_CHANGED_DETAIL } from '../../contract/settings/endpoints';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookEndpoints,
  webhookUrlProblem,
  type WebhookDelivery,
  type WebhookSettings,
  type WebhookSettingsAnswer,
} from '../../contract/webhooks';
import { audit } from '../audit';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { keptForDays } from '../db/retention';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertVersionAmong, namesVersion } from '../http/versions';
import { pageAnswer, pageWithCappedCount } from '../lists/list-query';
import { secretBoxOf } from '../outbound/secret-box';
import { currentScopeVersions, lockGroupForSettingsSave } from '../settings/settings-access';
import { checkSettingsScope, type CheckedScope } from '../settings/settings-scope-access';
import { enqueueDelivery, webhookTargetOf } from './webhook-events';
import { literalTargetProblem, TARGET_PROBLEM_CODES } from '../outbound/outbound-target';
import { newWebhookSecret } from './webhook-signature';

// Webhook settings, test events and the delivery log of a merchant group or property (decisions 0281-0283).

interface SettingsRow {
  id: string;
  url: string;
  pay_later_url: string | null;
  secret_hint: string;
  secret_created_at: Date;
  previous_secret_hint: string | null;
  previous_secret_expires_at: Date | null;
  updated_at: Date;
  addresses_updated_at: Date;
}

const SETTINGS_COLUMNS = [
  'id',
  'url',
  'pay_later_url',
  'secret_hint',
  'secret_created_at',
  'previous_secret_hint',
  'previous_secret_expires_at',
  'updated_at',
  'addresses_updated_at',
] as const;

async function rowOf(db: Db, merchantGroupId: string, merchantId: string | null): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('webhook_settings')
    .select(SETTINGS_COLUMNS)
    .where('merchant_group_id', '=', merchantGroupId)
    .where((eb) => (merchantId === null ? eb('merchant_id', 'is', null) : eb('merchant_id', '=', merchantId)))
    .executeTakeFirst();
}

function settingsOf(row: SettingsRow | undefined): WebhookSettings | null {
  if (!row) return null;
  // A replaced secret past its overlap no longer signs (the worker checks the same instant), so it is not mentioned.
  const overlapping = row.previous_secret_expires_at !== null && new Date(row.previous_secret_expires_at).getTime() > Date.now();
  return {
    url: row.url,
    payLaterUrl: row.pay_later_url,
    secretHint: row.secret_hint,
    secretCreatedAt: new Date(row.secret_created_at).toISOString(),
    previousSecretHint: overlapping ? row.previous_secret_hint : null,
    previousSecretValidUntil: overlapping ? new Date(row.previous_secret_expires_at!).toISOString() : null,
    updatedAt: new Date(row.updated_at).toISOString(),
    addressesUpdatedAt: new Date(row.addresses_updated_at).toISOString(),
  };
}

/** The versions an address save may name while these addresses stand: theirs, and the row's (a caller that read after a rotation). */
function addressVersionsOf(row: SettingsRow | undefined): string[] | null {
  return row ? [new Date(row.addresses_updated_at).toISOString(), new Date(row.updated_at).toISOString()] : null;
}

async function answerOf(db: Db, scope: CheckedScope): Promise<WebhookSettingsAnswer> {
  const own = await rowOf(db, scope.merchantGroupId, scope.merchantId);
  const inherited = scope.merchantId === null ? undefined : await rowOf(db, scope.merchantGroupId, null);
  return { settings: settingsOf(own), inherited: settingsOf(inherited) };
}

const hintOf = (secret: string) => `…${secret.slice(-4)}`;

function entityOf(scope: CheckedScope): [string, string] {
  return scope.merchantId === null ? ['merchant-group', scope.merchantGroupId] : ['merchant', scope.merchantId];
}

const HTTPS_ONLY = 'use https://';

/** Whether a URL may be saved here: well formed (the contract checked) and, in production, not private. */
function urlProblem(value: string, allowPrivate: boolean): string | undefined {
  return (
    webhookUrlProblem(value) ??
    literalTargetProblem(new URL(value).hostname, allowPrivate) ??
    (allowPrivate || value.startsWith('https:') ? undefined : HTTPS_ONLY)
  );
}

type AddressRefusalCode = 'webhook.httpsOnly' | 'webhook.addressesRefused' | (typeof TARGET_PROBLEM_CODES)[string];

/**
 * A coded refusal is about one fault (decision 0686), and the SPA shows its sentence at each field it names: the
 * addresses' reason when they share one, a sentence naming both when their reasons differ.
 */
function addressRefusalCode(reasons: readonly string[]): AddressRefusalCode | undefined {
  const codes = new Set(reasons.map((reason) => (reason === HTTPS_ONLY ? 'webhook.httpsOnly' : TARGET_PROBLEM_CODES[reason])));
  if (codes.has(undefined)) return undefined;
  return codes.size === 1 ? [...codes][0] : 'webhook.addressesRefused';
}

/** A delivery as DELIVERY_COLUMNS reads it, typed from the schema (decision 0610). */
type DeliveryRow = ColumnsOf<
  'webhook_deliveries',
  | 'id'
  | 'event_id'
  | 'event_type'
  | 'target_url'
  | 'status'
  | 'attempts'
  | 'last_response_status'
  | 'last_error'
  | 'next_attempt_at'
  | 'created_at'
  | 'finished_at'
> & {
  /** The latest attempt's response body; NULL before the first attempt. */
  last_body: ColumnOf<'webhook_delivery_attempts', 'response_body'> | null;
};

export function deliveryOf(row: DeliveryRow, maxAttempts: number): WebhookDelivery {
  const response = row.last_error ?? row.last_body;
  return {
    id: String(row.id),
    eventId: row.event_id,
    eventType: row.event_type as WebhookDelivery['eventType'],
    targetUrl: row.target_url,
    status: row.status,
    attempts: row.attempts,
    maxAttempts,
    lastResponseStatus: row.last_response_status,
    lastResponse: response === null ? null : response.slice(0, 500),
    nextAttemptAt: row.status === 'Pending' ? new Date(row.next_attempt_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

const DELIVERY_COLUMNS = sql`d.id, d.event_id, d.event_type, d.target_url, d.status, d.attempts, d.last_response_status, d.last_error,
  (SELECT a.response_body FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id ORDER BY a.attempt_no DESC LIMIT 1) AS last_body,
  d.next_attempt_at, d.created_at, d.finished_at`;

/**
 * A scope's webhook log: one page of it, newest first, and every delivery it holds (one row of 1 each, what its count
 * counts). A group's log is what went to the group's receiver (its properties' events without their own); a
 * property's, its events. A group has one receiver at most (webhook_settings_scope is unique): compared as one value,
 * its deliveries are read newest first from their own index (migration 0480), not found among every delivery.
 */
export function deliveryLogStatements(scope: CheckedScope, page: number, pageSize: number) {
  const inScope =
    scope.merchantId === null
      ? sql`d.webhook_settings_id = (SELECT id FROM webhook_settings WHERE merchant_group_id = ${scope.merchantGroupId} AND merchant_id IS NULL)`
      : sql`d.merchant_group_id = ${scope.merchantGroupId} AND d.merchant_id = ${scope.merchantId}`;
  return {
    page: sql`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE ${inScope} ORDER BY d.id DESC LIMIT ${pageSize} OFFSET ${page * pageSize}`,
    matching: sql`SELECT 1 FROM webhook_deliveries d WHERE ${inScope}`,
  };
}

export function registerWebhookRoutes(app: FastifyInstance, nudge: () => void): void {
  const { searchWebhookSettings, saveWebhookSettings, rotateWebhookSecret, sendWebhookTestEvent, searchWebhookDeliveries } = webhookEndpoints;

  registerEndpoint(app, searchWebhookSettings, async ({ body, caller, ctx }) => answerOf(ctx.db, await checkSettingsScope(ctx.db, caller, body.scope)), {
    transaction: false,
  });

  registerEndpoint(app, saveWebhookSettings, async ({ body, caller, ctx, request }) => {
    const scope = await checkSettingsScope(ctx.db, caller, body.scope);
    const allowPrivate = ctx.config.integrations.allowPrivateTargets;
    const errors: Record<string, string[]> = {};
    const urlError = urlProblem(body.url, allowPrivate);
    if (urlError) errors.url = [urlError];
    const payLaterUrl = body.payLaterUrl ? body.payLaterUrl : null;
    const payLaterError = payLaterUrl ? urlProblem(payLaterUrl, allowPrivate) : undefined;
    if (payLaterError) errors.payLaterUrl = [payLaterError];
    if (Object.keys(errors).length) {
      const code = addressRefusalCode(Object.values(errors).flat());
      throw code ? problems.validation(errors).withCode(code) : problems.validation(errors);
    }
    await lockGroupForSettingsSave(ctx.db, scope.merchantGroupId);
    const existing = await rowOf(ctx.db, scope.merchantGroupId, scope.merchantId);
    // A property without settings of its own showed its group's: a save made from them is current only while they are.
    const shown = existing || scope.merchantId === null || !namesVersion(request) ? undefined : await rowOf(ctx.db, scope.merchantGroupId, null);
    // Someone saved these addresses, or the group's the page showed, since the caller read them: theirs stay (decisions
    // 0354, 0683). A rotated secret changes no address: the addresses' own version still stands, and so does the row's
    // for a caller that read after the rotation.
    assertVersionAmong(request, currentScopeVersions(addressVersionsOf(existing), addressVersionsOf(shown)), SETTINGS_CHANGED_DETAIL, 'settings.changedSince');
    let secret: string | null = null;
    const now = new Date();
    if (existing) {
      await ctx.db
        .updateTable('webhook_settings')
        .set({ url: body.url, pay_later_url: payLaterUrl, updated_by: caller.userId, updated_at: now, addresses_updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    } else {
      secret = newWebhookSecret();
      await ctx.db
        .insertInto('webhook_settings')
        .values({
          merchant_group_id: scope.merchantGroupId,
          merchant_id: scope.merchantId,
          url: body.url,
          pay_later_url: payLaterUrl,
          secret_cipher: secretBoxOf(ctx).seal(secret),
          secret_hint: hintOf(secret),
          updated_by: caller.userId,
          updated_at: now,
          addresses_updated_at: now,
        })
        .execute();
    }
    const [entityType, entityId] = entityOf(scope);
    await audit(ctx.db, caller.userId, 'webhook-settings.saved', entityType, entityId, {
      url: body.url,
      payLaterUrl,
      secretCreated: secret !== null,
      privateTargetsAllowed: allowPrivate,
    });
    return { ...(await answerOf(ctx.db, scope)), secret };
  });

  registerEndpoint(app, rotateWebhookSecret, async ({ body, caller, ctx }) => {
    const scope = await checkSettingsScope(ctx.db, caller, body.scope);
    const existing = await rowOf(ctx.db, scope.merchantGroupId, scope.merchantId);
    if (!existing) throw problems.conflict('save a webhook address first; its secret is created with it').withCode('webhook.saveAddressFirst');
    // The row lock makes two rotations take turns, so the second keeps the first's new secret as its previous one.
    const current = await ctx.db
      .selectFrom('webhook_settings')
      .select(['secret_cipher', 'secret_hint'])
      .where('id', '=', existing.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const secret = newWebhookSecret();
    const now = new Date();
    // Decision 0290: the replaced secret keeps signing beside the new one for the overlap; a secret replaced
    // earlier (a second rotation within the overlap) stops signing now.
    const previousUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 60 * 60 * 1000);
    await ctx.db
      .updateTable('webhook_settings')
      .set({
        secret_cipher: secretBoxOf(ctx).seal(secret),
        secret_hint: hintOf(secret),
        secret_created_at: now,
        previous_secret_cipher: current.secret_cipher,
        previous_secret_hint: current.secret_hint,
        previous_secret_expires_at: previousUntil,
        updated_by: caller.userId,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    const [entityType, entityId] = entityOf(scope);
    await audit(ctx.db, caller.userId, 'webhook-settings.secret-rotated', entityType, entityId, {
      hint: hintOf(secret),
      previousHint: current.secret_hint,
      previousSignsUntil: previousUntil.toISOString(),
    });
    return { ...(await answerOf(ctx.db, scope)), secret };
  });

  registerEndpoint(app, sendWebhookTestEvent, async ({ body, caller, ctx, afterCommit }) => {
    const scope = await checkSettingsScope(ctx.db, caller, body.scope);
    const target = await webhookTargetOf(ctx.db, scope.merchantGroupId, scope.merchantId);
    if (!target) throw problems.conflict('save a webhook address before sending a test event').withCode('webhook.saveBeforeTest');
    const id = await enqueueDelivery(ctx.db, target, {
      type: 'webhook.test',
      merchantId: scope.merchantId,
      data: { message: 'A test event from Folio: your webhook receives signed events.', requestedBy: caller.email },
    });
    const [entityType, entityId] = entityOf(scope);
    await audit(ctx.db, caller.userId, 'webhook-settings.test-event', entityType, entityId, { deliveryId: id });
    afterCommit(nudge);
    const { rows } = await sql<DeliveryRow>`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = ${id}`.execute(ctx.db);
    return deliveryOf(rows[0]!, ctx.config.integrations.webhookMaxAttempts);
  });

  registerEndpoint(
    app,
    searchWebhookDeliveries,
    async ({ body, caller, ctx }) => {
      const scope = await checkSettingsScope(ctx.db, caller, body.scope);
      const { page, pageSize } = body.pagination;
      const log = deliveryLogStatements(scope, page, pageSize);
      // The page and its capped count in one statement, as the other long lists (decision 0719): the log grows by an
      // event or more for most payments, and the settings screen polls it each second while a delivery is under way.
      const { rows, count } = await pageWithCappedCount<DeliveryRow>(ctx.db, log.page, log.matching, { firstPage: page === 0, pageSize });
      const limit = ctx.config.integrations.webhookMaxAttempts;
      return {
        ...pageAnswer(
          rows.map((row) => deliveryOf(row, limit)),
          count,
          page,
          pageSize,
        ),
        // What the retention sweep keeps (decision 0724), so the page can say why an older delivery is not listed.
        keptForDays: keptForDays(ctx.config.retention.webhookDeliveryDays),
      };
    },
    { transaction: false },
  );
}
