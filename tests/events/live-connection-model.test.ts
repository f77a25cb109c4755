import { get } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor, fromCallback, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { LIVE_SSE_EVENTS, type LiveEvent } from '../../contract/live-events';
import { isLive, LIVE_RETRY_BASE_MS, liveConnectionMachine, type LiveConnectionEvent } from '../../machines/live-connection.machine';
import { clearMachineCoverage, MODEL_COVERAGE_HTTP_DIR } from '../../testing/model/coverage-record';
import { byStateValue, formatEvent, machinePaths, stateCoverage, type MachinePath } from '../../testing/model/machine-paths';
import { createModelDriver } from '../../testing/model/model-driver';
import { activePropertiesOf, createdLink, guestOf } from '../payment-links/support';
import { signIn, startTestApp } from '../support/test-app';

/*
 * Model-based paths through the live connection (issue 38, decision 0550), generated from the real machine
 * and run against the real server over HTTP, the way payouts' are (decision 0510): the browser's moves
 * here are a network that drops, goes away and comes back, and a sign-out, which a browser test could
 * only stage by aborting routes. The machine runs with a stream that reads the real endpoint as an
 * EventSource does (src/lib/live/live-source.ts: opened on `ready`, a position on each `change`, failed
 * on any error or end); between it and the server sits a small TCP relay the test drives as the
 * network: passing, holding new connections unanswered (a stream being asked for), or down (every
 * connection cut, new ones refused). After every step the machine's state is the path's, and what the
 * server and the network show agrees: a connection asked for from the machine's last position while
 * connecting, an open stream that has delivered every payment made so far while open, no connection
 * while retrying, offline or closed, and a signed-out session refused a new stream.
 */

const STREAM = '/backoffice/api/v2/live/events';
/** Every wait here is for something a few local round trips away, or the machine's first backoff; the bound is wide. */
const WAIT_MS = 10_000;

type Mode = 'pass' | 'hold' | 'down';

/** The network between the browser and the server. */
interface Network {
  base: string;
  set(mode: Mode): void;
  /** Connections asked for and not forwarded yet (held), and connections open to the server. */
  held(): number;
  open(): number;
  close(): Promise<void>;
}

async function startNetwork(targetPort: number): Promise<Network> {
  let mode: Mode = 'hold';
  type Pair = { client: Socket; upstream?: Socket; waiting: Buffer[] };
  const pairs = new Set<Pair>();
  const forward = (pair: Pair) => {
    const upstream = connect(targetPort, '127.0.0.1');
    pair.upstream = upstream;
    pair.client.removeAllListeners('data');
    upstream.write(Buffer.concat(pair.waiting));
    pair.client.pipe(upstream).pipe(pair.client);
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };
  const server: Server = createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, waiting: [] };
    pairs.add(pair);
    // A held request is read (and kept for the server) so that a browser giving it up is seen at once.
    client.on('data', (chunk: Buffer) => pair.waiting.push(chunk));
    client.on('error', () => undefined);
    client.on('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === 'pass') forward(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    set(next) {
      mode = next;
      if (next === 'pass') for (const pair of pairs) if (!pair.upstream) forward(pair);
      if (next === 'down') for (const pair of pairs) pair.client.destroy();
    },
    held: () => [...pairs].filter((pair) => !pair.upstream).length,
    open: () => [...pairs].filter((pair) => pair.upstream).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) pair.client.destroy();
        server.close(() => resolve());
      }),
  };
}

let app: FastifyInstance;
let network: Network;
let propertyId = '';

/** One path's browser: its session, the machine with its stream, what it asked for and what it heard. */
interface Browser {
  actor: Actor<typeof liveConnectionMachine>;
  session: Awaited<ReturnType<typeof signIn>>;
  /** The position each stream was asked from, in order. */
  asked: Array<string | null>;
  /** Orders paid during the path, and the orders whose events a stream delivered. */
  paid: number[];
  heard: Set<number>;
}
let browser: Browser | undefined;
const current = () => {
  if (!browser) throw new Error('no browser: the path was not reset');
  return browser;
};

/**
 * The host's stream, read as an EventSource reads it (frames split on blank lines): the machine decides when
 * to try again. Over node:http with a connection of its own, so giving it up closes the connection even
 * while the answer has not begun (a held stream).
 */
function streamOf(session: Browser['session'], asked: Browser['asked'], heard: Browser['heard']) {
  return fromCallback<LiveConnectionEvent, { lastEventId: string | null }>(({ sendBack, input }) => {
    asked.push(input.lastEventId);
    let stopped = false;
    const failed = () => {
      if (stopped) return;
      stopped = true;
      sendBack({ type: 'live.failed' });
    };
    const onFrame = (block: string) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const [event, id, data] = [field('event'), field('id'), field('data')];
      if (event === LIVE_SSE_EVENTS.ready || event === LIVE_SSE_EVENTS.resync) sendBack({ type: 'live.opened', lastEventId: id ?? null });
      if (event !== LIVE_SSE_EVENTS.change || !id || !data) return;
      const change = JSON.parse(data) as LiveEvent;
      if (change.type === 'order') heard.add(change.orderId);
      sendBack({ type: 'live.received', lastEventId: id });
    };
    const url = new URL(STREAM, network.base);
    if (input.lastEventId) url.searchParams.set('lastEventId', input.lastEventId);
    const request = get(url, { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${session.accessToken}` } }, (response) => {
      if (response.statusCode !== 200) return failed();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let split = buffer.indexOf('\n\n'); split >= 0 && !stopped; split = buffer.indexOf('\n\n')) {
          onFrame(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
        }
      });
      response.on('end', failed);
      response.on('error', failed);
      response.on('close', failed);
    });
    request.on('error', failed);
    return () => {
      stopped = true;
      request.destroy();
    };
  });
}

async function newBrowser(): Promise<Browser> {
  const session = await signIn(app, 'merchantadmin@demo.folio.test');
  const asked: Browser['asked'] = [];
  const heard = new Set<number>();
  const actor = createActor(liveConnectionMachine.provide({ actors: { stream: streamOf(session, asked, heard) } }));
  return { actor, session, asked, paid: [], heard };
}

/** The machine reaches the state the path says, within the bound. */
async function reaches(expected: SnapshotFrom<typeof liveConnectionMachine>, timeout = WAIT_MS) {
  const { actor } = current();
  await waitFor(actor, (snapshot) => JSON.stringify(snapshot.value) === JSON.stringify(expected.value), { timeout });
}

/** Waits until `check` holds, looking every few milliseconds (the network's and the server's state are not events). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeout = WAIT_MS) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen in ${timeout} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A guest pays a fresh link on the property: its order's event is one the stream should deliver. */
async function guestPays(): Promise<number> {
  const { link, token } = await createdLink(app, current().session.accessToken, propertyId);
  const paid = await guestOf(app, '203.0.113.95').pay(token);
  expect(paid.statusCode, paid.body).toBe(200);
  current().paid.push(link.orderId);
  return link.orderId;
}

async function signOut(session: Browser['session']) {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies: session.cookies });
  const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? session.cookies['folio.csrf-token'];
  const out = await app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    cookies: { ...session.cookies, 'folio.csrf-token': csrfCookie ?? '' },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrfToken: csrf.json<{ csrfToken: string }>().csrfToken }).toString(),
  });
  expect(out.statusCode).toBe(200);
}

const noConnection = (what: string) => until(() => network.open() === 0 && network.held() === 0, `no connection ${what}`);

const driver = createModelDriver<null>(
  liveConnectionMachine,
  {
    states: {
      'connected.connecting': async (_, expected) => {
        await reaches(expected);
        // The stream is asked for, from the last position the machine heard (a resume after a drop), and not open yet.
        await until(() => network.held() === 1, 'the stream asked for');
        expect(current().asked.at(-1)).toBe(current().actor.getSnapshot().context.lastEventId);
        expect(isLive(current().actor.getSnapshot())).toBe(false);
      },
      'connected.open': async (_, expected) => {
        await reaches(expected);
        expect(isLive(current().actor.getSnapshot())).toBe(true);
        expect(network.open()).toBe(1);
        // Everything paid during the path has reached this browser, including what was paid while it was away.
        await until(() => current().paid.every((orderId) => current().heard.has(orderId)), 'every payment heard');
      },
      retrying: async (_, expected) => {
        await reaches(expected);
        expect(current().actor.getSnapshot().context.failures).toBeGreaterThan(0);
        await noConnection('while waiting to retry');
      },
      offline: async (_, expected) => {
        await reaches(expected);
        await noConnection('while offline');
      },
      closed: async () => {
        await waitFor(current().actor, (snapshot) => snapshot.status === 'done', { timeout: WAIT_MS });
        await noConnection('after sign-out');
        // The session is over: the server refuses its stream (401), not only the machine closing it.
        const again = await app.inject({ method: 'GET', url: STREAM, headers: { authorization: `Bearer ${current().session.accessToken}` } });
        expect(again.statusCode).toBe(401);
      },
    },
    events: {
      // The server's `ready` reaches the browser: the network lets the held stream through.
      'live.opened': () => network.set('pass'),
      // A payment on the property reaches the open stream; the machine keeps its position.
      'live.received': async () => {
        const before = current().actor.getSnapshot().context.lastEventId;
        const orderId = await guestPays();
        await until(() => current().heard.has(orderId), 'the payment heard');
        expect(BigInt(current().actor.getSnapshot().context.lastEventId ?? 0)).toBeGreaterThan(BigInt(before ?? 0));
      },
      // The connection drops (the network goes down); a guest pays meanwhile, which the resume must deliver.
      'live.failed': async () => {
        network.set('down');
        await guestPays();
      },
      // The browser says it has no network (its `offline` event, which the host passes on).
      'live.offline': () => {
        current().actor.send({ type: 'live.offline' });
        network.set('down');
      },
      'live.online': () => {
        network.set('hold');
        current().actor.send({ type: 'live.online' });
      },
      // Sign-out: the session machine ends the session on the server, then closes the connection.
      'live.close': async () => {
        await signOut(current().session);
        current().actor.send({ type: 'live.close' });
      },
      // The backoff elapses (the real one: 1 s after a first failure); the network is back, holding the new stream.
      'xstate.after.retryDelay.liveConnection.retrying': async () => {
        network.set('hold');
        await waitFor(current().actor, (snapshot) => snapshot.matches('connected'), { timeout: LIVE_RETRY_BASE_MS + WAIT_MS });
      },
    },
  },
  {
    coverageDir: MODEL_COVERAGE_HTTP_DIR,
    reset: async () => {
      browser?.actor.stop();
      network.set('down');
      network.set('hold');
      browser = await newBrowser();
      browser.actor.start();
    },
  },
);

const SAMPLES: LiveConnectionEvent[] = [
  { type: 'live.opened', lastEventId: null },
  { type: 'live.received', lastEventId: '1' },
  { type: 'live.failed' },
  { type: 'live.offline' },
  { type: 'live.online' },
  { type: 'live.close' },
];
const paths = machinePaths(liveConnectionMachine, { events: SAMPLES, serialize: byStateValue, cover: 'transitions' });
// One more, longer than the shortest paths go: a drop after an event, the backoff, and the stream open again, which
// must deliver what was paid while the browser was away (the reconnection asks from the machine's last position).
const [resumePath] = machinePaths(liveConnectionMachine, {
  events: (snapshot): LiveConnectionEvent[] => {
    if (snapshot.matches({ connected: 'connecting' })) return [{ type: 'live.opened', lastEventId: null }];
    if (!snapshot.matches({ connected: 'open' }) || snapshot.context.failures > 0) return [];
    return snapshot.context.lastEventId === null ? [{ type: 'live.received', lastEventId: '1' }] : [{ type: 'live.failed' }];
  },
  cover: 'transitions',
}).filter((path) => path.steps.length === 5);

beforeAll(async () => {
  clearMachineCoverage(liveConnectionMachine);
  app = await startTestApp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  network = await startNetwork(Number(new URL(base).port));
  propertyId = (await activePropertiesOf(app, 'propertymanager@demo.folio.test'))[0]!.id;
}, 180_000);
afterAll(async () => {
  browser?.actor.stop();
  await network?.close();
  await app?.close();
});

describe('live connection model paths, over HTTP', () => {
  test('the paths visit every state and take every move of the machine', () => {
    const coverage = stateCoverage(liveConnectionMachine, paths as MachinePath<typeof liveConnectionMachine>[]);
    const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    console.log(`liveConnection: ${coverage.covered.size}/${coverage.all.size} states, ${paths.length} paths, events taken: ${[...taken].sort().join(', ')}`);
    expect(coverage.missing).toEqual([]);
    expect([...taken].sort()).toEqual([
      'live.close',
      'live.failed',
      'live.offline',
      'live.online',
      'live.opened',
      'live.received',
      'xstate.after.retryDelay.liveConnection.retrying',
    ]);
  });

  test('a drop after an event, then the backoff: the stream opens again from the last position and delivers what was paid meanwhile', async () => {
    expect(resumePath?.steps.map((step) => step.event.type)).toEqual([
      'live.opened',
      'live.received',
      'live.failed',
      'xstate.after.retryDelay.liveConnection.retrying',
      'live.opened',
    ]);
    await driver.run(null, resumePath!);
    const { asked, paid, heard } = current();
    expect(asked).toHaveLength(2);
    expect(asked[1]).not.toBeNull();
    expect(paid).toHaveLength(2);
    expect(paid.every((orderId) => heard.has(orderId))).toBe(true);
  }, 60_000);

  for (const path of paths)
    test(
      path.steps.map((step) => formatEvent(step.event)).join(' → '),
      async () => {
        await driver.run(null, path);
      },
      60_000,
    );
});
