import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { WEBHOOK_HEADERS } from '../../contract/webhooks';
import type { AppContext } from '../app-context';
import type { IntegrationsConfig } from '../config';
import { secretBoxOf } from '../outbound/secret-box';
import { postWebhook, type PostOutcome } from './webhook-post';
import { webhookSignature } from './webhook-signature';
import { startJobRunner } from '../jobs/job-runner';
import type { ColumnsOf } from '../db/row-types';

// The webhook worker (decision 0282): claims due deliveries with FOR UPDATE SKIP LOCKED (several
// instances share the table), POSTs each signed, records the attempt, and either finishes the
// delivery (a 2xx answer; or Failed after the last attempt) or schedules the next attempt with
// exponential backoff. A delivery whose worker died mid-attempt is claimed again once stale.

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const KEEP_IN_LOG = 2000;

export interface WebhookWorker {
  nudge(): void;
  stop(): Promise<void>;
}

/** A delivery as the claim returns it, typed from the schema (decision 0610). */
type ClaimedDelivery = ColumnsOf<
  'webhook_deliveries',
  'id' | 'webhook_settings_id' | 'event_id' | 'event_type' | 'payload' | 'booking_id' | 'target_url' | 'attempts'
>;

/**
 * The signature header: the current secret's `v1=`, and while a rotation's overlap lasts (decision 0290)
 * the previous secret's after it, space-separated, so receivers holding either secret accept the request.
 */
export function signatureHeader(
  box: { open(cipher: string): string },
  settings: { secret_cipher: string; previous_secret_cipher: string | null; previous_secret_expires_at: Date | string | null },
  timestamp: number,
  body: string,
  now = Date.now(),
): string {
  const signatures = [webhookSignature(box.open(settings.secret_cipher), timestamp, body)];
  const previousValid = settings.previous_secret_expires_at !== null && new Date(settings.previous_secret_expires_at).getTime() > now;
  if (settings.previous_secret_cipher && previousValid) signatures.push(webhookSignature(box.open(settings.previous_secret_cipher), timestamp, body));
  return signatures.join(' ');
}

/** The wait before attempt n+1 after n failed attempts: base, 2 base, 4 base, ... capped at an hour. */
export function backoffMs(failedAttempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

async function claimNext(ctx: AppContext, workerId: string, options: IntegrationsConfig): Promise<ClaimedDelivery | undefined> {
  const staleSeconds = (options.webhookTimeoutMs * 3) / 1000;
  const result = await sql<ClaimedDelivery>`
    UPDATE webhook_deliveries SET status = 'Delivering', claimed_by = ${workerId}, claimed_at = now(), attempts = attempts + 1
    WHERE id = (
      SELECT id FROM webhook_deliveries
      WHERE (status = 'Pending' AND next_attempt_at <= now())
         OR (status = 'Delivering' AND claimed_at < now() - make_interval(secs => ${staleSeconds}))
      ORDER BY next_attempt_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, webhook_settings_id, event_id, event_type, payload, booking_id, target_url, attempts`.execute(ctx.db);
  return result.rows[0];
}

function summaryOf(outcome: PostOutcome): string {
  if (outcome.error) return outcome.error;
  return `${outcome.status ?? ''} ${outcome.body ?? ''}`.trim();
}

/** What an attempt whose signing secret cannot be opened records: nothing is sent unsigned. */
export const UNREADABLE_SECRET = 'the signing secret cannot be read (sealed with another key): rotate the secret';

/**
 * The signature, or that the secret cannot be opened: stored under another sealing key, or damaged (decision 0720).
 * Such an attempt is recorded as failed, retried and in the end given up like any other: thrown, it left its delivery
 * claimed, to be claimed again every few seconds forever, never counted against its attempts.
 */
function signedOrUnreadable(sign: () => string): { unreadable: false; header: string } | { unreadable: true } {
  try {
    return { unreadable: false, header: sign() };
  } catch {
    return { unreadable: true };
  }
}

/** One attempt of one claimed delivery, recorded; returns whether the receiver took it. */
export async function attemptDelivery(ctx: AppContext, workerId: string, delivery: ClaimedDelivery, options: IntegrationsConfig): Promise<boolean> {
  const body = typeof delivery.payload === 'string' ? delivery.payload : JSON.stringify(delivery.payload);
  const settings = await ctx.db
    .selectFrom('webhook_settings')
    .select(['secret_cipher', 'previous_secret_cipher', 'previous_secret_expires_at'])
    .where('id', '=', delivery.webhook_settings_id)
    .executeTakeFirst();
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'user-agent': 'Folio-Webhooks/1',
    [WEBHOOK_HEADERS.id.toLowerCase()]: delivery.event_id,
    [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(timestamp),
  };
  let outcome: PostOutcome;
  if (!settings) outcome = { status: null, body: null, error: 'the webhook settings were removed', durationMs: 0 };
  else {
    if (settings.previous_secret_cipher && settings.previous_secret_expires_at && new Date(settings.previous_secret_expires_at).getTime() <= Date.now())
      // The overlap is over (decision 0290): the replaced secret is dropped, not only left unused.
      await ctx.db
        .updateTable('webhook_settings')
        .set({ previous_secret_cipher: null, previous_secret_hint: null, previous_secret_expires_at: null })
        .where('id', '=', delivery.webhook_settings_id)
        .where('previous_secret_expires_at', '<=', new Date())
        .execute();
    const signature = signedOrUnreadable(() => signatureHeader(secretBoxOf(ctx), settings, timestamp, body));
    if (signature.unreadable) outcome = { status: null, body: null, error: UNREADABLE_SECRET, durationMs: 0 };
    else {
      headers[WEBHOOK_HEADERS.signature.toLowerCase()] = signature.header;
      outcome = await postWebhook(delivery.target_url, headers, body, { allowPrivate: options.allowPrivateTargets, timeoutMs: options.webhookTimeoutMs });
    }
  }
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const exhausted = delivery.attempts >= options.webhookMaxAttempts;
  const responseBody = outcome.body === null ? null : outcome.body.slice(0, KEEP_IN_LOG);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: delivery.id,
        attempt_no: delivery.attempts,
        request_headers: JSON.stringify(headers),
        request_body: body,
        response_status: outcome.status,
        response_body: responseBody,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      })
      .onConflict((conflict) => conflict.columns(['delivery_id', 'attempt_no']).doNothing())
      .execute();
    const finished = succeeded || exhausted;
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: succeeded ? 'Succeeded' : exhausted ? 'Failed' : 'Pending',
        claimed_by: null,
        claimed_at: null,
        last_response_status: outcome.status,
        last_error: succeeded ? null : summaryOf(outcome).slice(0, 500),
        next_attempt_at: finished ? new Date() : new Date(Date.now() + backoffMs(delivery.attempts, options.webhookRetryBaseMs)),
        finished_at: finished ? new Date() : null,
      })
      .where('id', '=', delivery.id)
      .where('claimed_by', '=', workerId)
      .execute();
    if (delivery.booking_id) {
      const verdict = succeeded ? 'delivered' : exhausted ? 'failed, no more attempts' : 'failed, will retry';
      await trx
        .insertInto('booking_logs')
        .values({
          booking_id: delivery.booking_id,
          source: 'Webhook',
          message: `${delivery.event_type} to ${delivery.target_url}: attempt ${delivery.attempts} ${verdict} (${outcome.status ?? outcome.error ?? 'no answer'})`,
          payload: JSON.stringify({
            deliveryId: delivery.id,
            eventId: delivery.event_id,
            attempt: delivery.attempts,
            request: { url: delivery.target_url, headers, body },
            response: { status: outcome.status, body: responseBody, error: outcome.error },
          }),
        })
        .execute();
    }
  });
  return succeeded;
}

export function startWebhookWorker(ctx: AppContext, options: IntegrationsConfig): WebhookWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const runner = startJobRunner({
    loops: options.webhookWorkers,
    pollMs: options.webhookPollMs,
    claim: () => claimNext(ctx, workerId, options),
    run: async (delivery) => {
      await attemptDelivery(ctx, workerId, delivery, options);
    },
    onError: (error) => ctx.log.error({ err: error }, 'webhook worker round failed'),
  });
  return { nudge: () => runner.nudge('all'), stop: () => runner.stop() };
}
