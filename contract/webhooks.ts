import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { PagedSchema, PaginationSchema } from './transactions';
import { MERCHANT_API } from './product';
import { SettingsScopeSchema } from './settings/scope';
import { safeText } from './text';

// Webhooks of a merchant group or one property (issues 17, 18; decisions 0281-0283): where events
// are POSTed, the signing secret (shown once, rotatable), test events and the delivery log.

/** What a receiver is told about. Pay-later orders (payment type PL) go to the pay-later URL when one is set. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.tokenized',
  'order.authorized',
  'order.voided',
  'order.refunded',
  'payout.sent',
  'payout.paid',
  'payout.failed',
  'webhook.test',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/**
 * Headers of every delivery: HMAC-SHA256 over `${timestamp}.${body}` with the secret, hex, as `v1=<hex>`.
 * For a day after a rotation the signature header carries two, space-separated: the new secret's
 * first, then the previous one's (decision 0290). A receiver accepts the request when one matches.
 */
export const WEBHOOK_HEADERS = { id: 'Folio-Webhook-Id', timestamp: 'Folio-Webhook-Timestamp', signature: 'Folio-Webhook-Signature' } as const;

/** How long the replaced secret keeps signing beside the new one after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_DELIVERY_STATUSES = ['Pending', 'Delivering', 'Succeeded', 'Failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** What can be wrong with a webhook address, each with the server's words for it (the form shows its own, translated). */
export const WEBHOOK_URL_PROBLEMS = {
  address: 'enter an absolute address such as https://hooks.example.com/folio',
  scheme: 'the address must start with https:// (or http://)',
  host: 'the address needs a host',
  credentials: 'the address must not carry a user name or password',
  fragment: 'the address must not have a #fragment',
} as const;
export type WebhookUrlProblem = keyof typeof WEBHOOK_URL_PROBLEMS;

/**
 * What is wrong with a value as a webhook address, or undefined when it is one: an absolute http(s)
 * URL without user name, password or fragment. Like callbackPath (contract/callback-url.ts) it
 * trusts the URL parser, not patterns. Private and loopback hosts are the server's call (configuration).
 */
export function webhookUrlIssue(value: string): WebhookUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (!url.hostname) return 'host';
  if (url.username || url.password) return 'credentials';
  if (url.hash) return 'fragment';
  return undefined;
}

/** Why a value is not a usable webhook address, in the server's words, or undefined when it is one. */
export function webhookUrlProblem(value: string): string | undefined {
  const issue = webhookUrlIssue(value);
  return issue ? WEBHOOK_URL_PROBLEMS[issue] : undefined;
}

/** The longest webhook address the server keeps. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const webhookUrl = () =>
  safeText()
    .trim()
    .min(1, { message: 'enter the webhook address' })
    .max(WEBHOOK_URL_MAX_LENGTH)
    .superRefine((value, context) => {
      const problem = webhookUrlProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

export const WebhookSettingsInputSchema = z.object({
  scope: SettingsScopeSchema,
  url: webhookUrl(),
  /** Where pay-later orders' events go; empty or left out: to `url` like every other event. */
  payLaterUrl: z.union([z.literal(''), webhookUrl()]).optional(),
});
export type WebhookSettingsInput = z.input<typeof WebhookSettingsInputSchema>;

export const WebhookSettingsSchema = z.object({
  url: z.string(),
  payLaterUrl: z.string().nullable(),
  /** The secret's last four characters, so a receiver's owner can tell which one is current. */
  secretHint: z.string(),
  secretCreatedAt: z.string(),
  /** The secret the last rotation replaced, while it still signs beside the current one; else null. */
  previousSecretHint: z.string().nullable(),
  previousSecretValidUntil: z.string().nullable(),
  /** Any change, a secret rotation included. */
  updatedAt: z.string(),
  /** The last save of the addresses: the version an address save names in If-Match; a rotation leaves it (decision 0683). */
  addressesUpdatedAt: z.string(),
});
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

export const WebhookSettingsAnswerSchema = z.object({
  settings: WebhookSettingsSchema.nullable(),
  /** What a property without its own settings uses: its group's, when the group has them. */
  inherited: WebhookSettingsSchema.nullable(),
});
export type WebhookSettingsAnswer = z.infer<typeof WebhookSettingsAnswerSchema>;

/** An answer that carries the signing secret: only the save that created it and a rotation. */
export const WebhookSecretAnswerSchema = WebhookSettingsAnswerSchema.extend({ secret: z.string().nullable() });
export type WebhookSecretAnswer = z.infer<typeof WebhookSecretAnswerSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: WebhookEventTypeSchema,
  targetUrl: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastResponseStatus: z.number().int().nullable(),
  /** The receiver's last answer (its first 500 characters) or why it could not be reached. */
  lastResponse: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliverySearchBodySchema = z.object({
  scope: SettingsScopeSchema,
  pagination: PaginationSchema.default({ page: 0, pageSize: 25 }),
});
export const WebhookDeliveryPageSchema = PagedSchema(WebhookDeliverySchema).extend({
  // The log forgets what is past its keeping (decision 0724): the answer says how long, so the page can say why an
  // older delivery is not listed (decision 0725).
  keptForDays: z.number().int().positive().nullable().meta({
    description:
      'How many days after it finished (delivered or given up) a delivery stays in this log before the server forgets it (FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS); null when finished deliveries are kept for good. A delivery still under way is never forgotten.',
  }),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

const ScopeBody = z.object({ scope: SettingsScopeSchema });

export const webhookEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchWebhookSettings',
    method: 'POST',
    path: `${MERCHANT_API}/webhooks/search`,
    summary: "A merchant group's or property's webhook URLs and secret hint (never the secret), and what a property inherits",
    access: { resource: 'PaymentSettings', action: 'Read' },
    body: ScopeBody,
    response: WebhookSettingsAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveWebhookSettings',
    method: 'PUT',
    path: `${MERCHANT_API}/webhooks`,
    summary:
      'Save the webhook and pay-later webhook URLs; the first save creates the signing secret and is the only answer that shows it; 412 when If-Match names a version of the addresses no longer current: the scope’s own `addressesUpdatedAt` (or `updatedAt`; a secret rotation changes no address), or for a property showing its group’s, `inherited:` and the group’s (decision 0683)',
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: WebhookSettingsInputSchema,
    response: WebhookSecretAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'rotateWebhookSecret',
    method: 'POST',
    path: `${MERCHANT_API}/webhooks/rotate-secret`,
    summary:
      'Replace the signing secret; the answer shows the new one, once. The replaced secret keeps signing beside it (a second v1= signature) for WEBHOOK_SECRET_OVERLAP_HOURS',
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: ScopeBody,
    response: WebhookSecretAnswerSchema,
  }),
  defineEndpoint({
    id: 'sendWebhookTestEvent',
    method: 'POST',
    path: `${MERCHANT_API}/webhooks/test`,
    summary: 'Queue a signed webhook.test event to the webhook URL; follow it in the delivery log',
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: ScopeBody,
    response: WebhookDeliverySchema,
  }),
  defineEndpoint({
    id: 'searchWebhookDeliveries',
    method: 'POST',
    path: `${MERCHANT_API}/webhooks/deliveries/search`,
    summary: "Recent deliveries of the scope's events, newest first: event, time, status, attempts and the receiver's last answer",
    access: { resource: 'PaymentSettings', action: 'Read' },
    body: WebhookDeliverySearchBodySchema,
    response: WebhookDeliveryPageSchema,
  }),
]);
