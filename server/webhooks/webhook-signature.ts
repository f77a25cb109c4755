import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The signature every delivery carries (decision 0282): HMAC-SHA256 with the scope's secret over
// `${timestamp}.${body}`, hex, sent as `v1=<hex>` beside the timestamp (unix seconds). Signing the
// timestamp lets a receiver refuse replays of an old delivery; `v1=` leaves room for another scheme.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time, within a tolerance for the timestamp. */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || !headers.signature) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
