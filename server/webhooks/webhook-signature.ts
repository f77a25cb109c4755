import { createHmac, randomBytes } from 'node:crypto';

// The signature every delivery carries (decision 0282): HMAC-SHA256 with the scope's secret over
// `${timestamp}.${body}`, hex, sent as `v1=<hex>` beside the timestamp (unix seconds). Signing the
// timestamp lets a receiver refuse replays of an old delivery; `v1=` leaves room for another scheme.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
