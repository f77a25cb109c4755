import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { MERCHANT_API, MERCHANT_HEADER } from '../../contract/product';

// bench:load's live part (issue 38 "Load"): every session holds the live event stream a signed-in browser
// holds, read the way an EventSource reads it, while it browses; in the middle of the window a burst of
// guest payments is made through the real pay endpoint, and each stream's arrival of each payment's event
// is timed. Nothing here asserts: the bench prints.

const STREAM_PATH = '/backoffice/api/v2/live/events';
const LINKS_PATH = '/backoffice/api/v2/payment-links';
const PAY_PATH = '/pay/api/v1/links';
/** The demo acquirer's card that is paid (the test suite's SUCCESS_CARD). */
const CARD = { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' };
const LIVE_CHANNEL = 'folio_live';

/** One held stream: what it received and whether it stayed open. */
interface HeldStream {
  status: number;
  /** `change` frames received (any event). */
  changes: number;
  /** When (performance.now()) the stream's `order` event of each order id arrived. */
  orderArrivals: Map<number, number>;
  /** When it ended, if it did before it was closed by the bench. */
  endedAt?: number;
  close(): void;
}

async function holdStream(base: string, token: string): Promise<HeldStream> {
  const abort = new AbortController();
  const held: HeldStream = { status: 0, changes: 0, orderArrivals: new Map(), close: () => abort.abort() };
  let closing = false;
  held.close = () => {
    closing = true;
    abort.abort();
  };
  let response: Response;
  try {
    response = await fetch(`${base}${STREAM_PATH}`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: abort.signal });
  } catch {
    held.endedAt = performance.now();
    return held;
  }
  held.status = response.status;
  if (!response.ok || !response.body) {
    held.endedAt = performance.now();
    return held;
  }
  const body = response.body;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        const now = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
          if (!block.includes('event: change')) continue;
          held.changes += 1;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          const event = data ? (JSON.parse(data.slice(6)) as { type: string; orderId?: number }) : undefined;
          if (event?.type === 'order' && event.orderId !== undefined && !held.orderArrivals.has(event.orderId)) held.orderArrivals.set(event.orderId, now);
        }
      }
    } catch {
      // aborted by the bench, or dropped by the server: told apart below
    }
    if (!closing) held.endedAt = performance.now();
  })();
  return held;
}

/** A link ready to be paid: its pay token and its order. */
interface ReadyLink {
  token: string;
  orderId: number;
}

/** The first Active property the account works on, read as its SPA would. */
async function firstActiveProperty(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}${MERCHANT_API}/merchants/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const statuses = (await response.json()) as Array<{ merchantId: string; status: string }>;
  const active = statuses.find((entry) => entry.status === 'Active');
  if (!active) throw new Error(`no Active property for the burst's account (${response.status})`);
  return active.merchantId;
}

async function createLinks(base: string, token: string, merchantId: string, count: number): Promise<ReadyLink[]> {
  const links: ReadyLink[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${base}${LINKS_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID(),
        [MERCHANT_HEADER]: merchantId,
      },
      body: JSON.stringify({
        guestName: 'Bench Guest',
        guestEmail: 'bench.guest@example.test',
        amountMinor: 10_000 + index,
        currency: 'EUR',
        paymentType: 'PN',
        chargeCategory: 'Rooms',
        bookingReference: `BK-LIVE-${index}`,
        depositBasis: 'TotalAmount',
        expiryHours: 48,
        message: 'Bench burst',
      }),
    });
    if (response.status !== 201) throw new Error(`link not created: ${response.status} ${await response.text()}`);
    const link = (await response.json()) as { url: string; orderId: number };
    links.push({ token: new URL(link.url).pathname.split('/').pop() as string, orderId: link.orderId });
  }
  return links;
}

interface Payment {
  orderId: number;
  sentAt: number;
  answeredAt: number;
  status: number;
  /** On PostgreSQL: when the bench's own LISTEN heard the order's notification, i.e. just after its commit. */
  committedAt?: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms (${values.length} deliveries)`;
};

export interface LiveBench {
  /** Makes the burst of payments at once and waits (at most `waitMs`) until every stream that hears them has them all. */
  burst(waitMs: number): Promise<void>;
  /** Closes the streams and prints what they received; call after the window. */
  report(windowFrom: number, windowTo: number): Promise<void>;
}

/**
 * Opens one stream per session token and readies `burstSize` payment links on the burst account's first
 * Active property (the merchant admin's; provider staff read it too). `postgresUrl`: the bench also
 * LISTENs on the database, so a payment's commit is timed, not only its answer.
 */
export async function startLiveBench(options: {
  base: string;
  tokens: string[];
  burstToken: string;
  burstSize: number;
  postgresUrl?: string;
}): Promise<LiveBench> {
  const { base, tokens, burstToken, burstSize } = options;
  const property = await firstActiveProperty(base, burstToken);
  const links = await createLinks(base, burstToken, property, burstSize);
  const openedAt = performance.now();
  const streams = await Promise.all(tokens.map((token) => holdStream(base, token)));
  console.log(
    `live: ${streams.filter((stream) => stream.status === 200).length} of ${streams.length} streams open in ${(performance.now() - openedAt).toFixed(0)} ms; ${links.length} links ready to pay`,
  );
  const payments: Payment[] = [];
  const committed = new Map<number, number>();
  let listener: pg.Client | undefined;
  if (options.postgresUrl) {
    listener = new pg.Client({ connectionString: options.postgresUrl });
    await listener.connect();
    listener.on('notification', (message) => {
      const heardAt = performance.now();
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const { event } = JSON.parse(message.payload) as { event: { type: string; orderId?: number } };
      if (event.type === 'order' && event.orderId !== undefined && !committed.has(event.orderId)) committed.set(event.orderId, heardAt);
    });
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  }
  let burstWindow = { from: 0, to: 0 };
  let framesBefore = 0;

  return {
    async burst(waitMs) {
      framesBefore = streams.reduce((sum, stream) => sum + stream.changes, 0);
      burstWindow = { from: performance.now(), to: 0 };
      await Promise.all(
        links.map(async (link) => {
          const sentAt = performance.now();
          let status = 0;
          try {
            const response = await fetch(`${base}${PAY_PATH}/${encodeURIComponent(link.token)}/pay`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(CARD),
            });
            await response.arrayBuffer();
            status = response.status;
          } catch {
            // refused or reset: status 0
          }
          payments.push({ orderId: link.orderId, sentAt, answeredAt: performance.now(), status });
        }),
      );
      const paid = payments.filter((payment) => payment.status === 200).map((payment) => payment.orderId);
      // A stream "hears" the burst if it has any of it (every account here reads the property; a stream that hears none is reported).
      const deadline = performance.now() + waitMs;
      const complete = () => streams.every((stream) => stream.endedAt !== undefined || paid.every((orderId) => stream.orderArrivals.has(orderId)));
      while (!complete() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const arrivals = streams.flatMap((stream) => paid.map((orderId) => stream.orderArrivals.get(orderId) ?? 0));
      burstWindow.to = Math.max(...arrivals, ...payments.map((payment) => payment.answeredAt));
    },

    async report(windowFrom, windowTo) {
      streams.forEach((stream) => stream.close());
      await listener?.end().catch(() => undefined);
      for (const payment of payments) payment.committedAt = committed.get(payment.orderId);
      const open = streams.filter((stream) => stream.status === 200);
      const droppedEarly = open.filter((stream) => stream.endedAt !== undefined && stream.endedAt < windowTo);
      const refused = streams.length - open.length;
      console.log(
        `\nlive streams: ${open.length} held, ${refused} refused (status ${[...new Set(streams.filter((s) => s.status !== 200).map((s) => s.status))].join(', ') || '-'}), ${droppedEarly.length} ended before the window did`,
      );
      const total = streams.reduce((sum, stream) => sum + stream.changes, 0);
      console.log(`events delivered over the window: ${total} (${(total / ((windowTo - windowFrom) / 1000)).toFixed(1)}/s)`);
      if (!payments.length) return;
      const paid = payments.filter((payment) => payment.status === 200);
      const failedPayments = payments.length - paid.length;
      const statuses = [...new Set(payments.filter((payment) => payment.status !== 200).map((payment) => payment.status))].join(', ');
      const answers = paid.map((payment) => payment.answeredAt - payment.sentAt);
      console.log(
        `burst: ${payments.length} payments sent at once, ${paid.length} paid${failedPayments ? `, ${failedPayments} failed (status ${statuses})` : ''}; pay call ${spread(answers)}`,
      );
      const burstFrames = streams.reduce((sum, stream) => sum + stream.changes, 0) - framesBefore;
      const burstSeconds = (burstWindow.to - burstWindow.from) / 1000;
      console.log(
        `  events delivered during the burst: ${burstFrames} in ${burstSeconds.toFixed(2)} s (first payment sent to last event received): ${(burstFrames / burstSeconds).toFixed(0)}/s`,
      );
      const hearing = open.filter((stream) => paid.some((payment) => stream.orderArrivals.has(payment.orderId)));
      const missing = hearing.reduce((sum, stream) => sum + paid.filter((payment) => !stream.orderArrivals.has(payment.orderId)).length, 0);
      console.log(`  ${hearing.length} streams heard the burst; payments missing from them: ${missing}`);
      const delays = (from: (payment: Payment) => number | undefined) =>
        hearing.flatMap((stream) =>
          paid.flatMap((payment) => {
            const start = from(payment);
            const arrived = stream.orderArrivals.get(payment.orderId);
            return start === undefined || arrived === undefined ? [] : [arrived - start];
          }),
        );
      if (listener) console.log(`  commit (the bench's own LISTEN hears it) to browser: ${spread(delays((payment) => payment.committedAt))}`);
      console.log(`  pay call answered (after its commit) to browser: ${spread(delays((payment) => payment.answeredAt))}`);
      console.log(`  pay call sent (before its commit) to browser: ${spread(delays((payment) => payment.sentAt))}`);
    },
  };
}
