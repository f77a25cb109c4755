import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '../../contract/webhooks';

/**
 * The check a receiver makes, written from the documented scheme rather than the product's code:
 * `v1=` + hex HMAC-SHA256 of "timestamp.body" with the secret, and a timestamp within five minutes.
 * The header may carry several signatures, space-separated (after a rotation: the new secret's and
 * the previous one's); the request checks out when one of them matches the secret held.
 */
export function signatureChecksOut(secret: string, timestamp: string | undefined, signature: string | undefined, body: string): boolean {
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  return signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

export interface ReceivedEvent {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature checked out with the secret the receiver holds at that moment. */
  signatureValid: boolean;
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedEvent[];
  /** The secret the receiver's owner copied from the settings page. */
  secret: string | undefined;
  /** What the next requests are answered with, in order; afterwards 200. */
  answers: number[];
  /** Waits until `count` requests have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a merchant's webhook receiver: it verifies each
 * request's signature the way the integration guide tells receivers to, and answers 200 (or the
 * statuses queued in `answers`, to make the product retry).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    secret: undefined,
    answers: [],
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${receiver.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return receiver.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => request.headers[name.toLowerCase()] as string | undefined;
      const signatureValid =
        receiver.secret !== undefined && signatureChecksOut(receiver.secret, header(WEBHOOK_HEADERS.timestamp), header(WEBHOOK_HEADERS.signature), body);
      const status = receiver.answers.shift() ?? (signatureValid ? 200 : 401);
      receiver.received.push({ headers: request.headers, body, signatureValid, answeredStatus: status });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok, got it' : status === 401 ? 'bad signature' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/folio`;
  return receiver;
}
