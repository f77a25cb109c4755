import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../app-context';
import { pgliteOf } from '../db/database';
import { onPreparedNotification } from '../db/pglite-prepared';
import { startRounds } from '../jobs/job-runner';
import { LIVE_CHANNEL, outboxAfter, outboxBounds, pruneOutbox, type LiveEnvelope } from './live-outbox';

export type LiveListener = (envelope: LiveEnvelope) => void;

/** This instance's end of the live events: every committed outbox row, from whichever instance wrote it. */
export interface LiveBus {
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** How many recent positions the bus remembers, so a row heard twice (a listener catching up) is passed on once. */
const RECENT_IDS = 10_000;
/** How long the PostgreSQL listener waits before connecting again after losing its connection. */
const RELISTEN_MS = 1_000;
/** A database handle with no notifications of its own (a test's hand-made handle) is read this often instead. */
const POLL_MS = 500;

/**
 * Starts this instance's bus (decision 0441). On PostgreSQL a connection of its own LISTENs, so a
 * change committed on any instance reaches the streams of every instance; after a lost connection it
 * reads the outbox from the last row it passed on, so nothing is skipped. On the embedded engine the
 * same NOTIFY is heard in-process. Old rows are pruned here too.
 */
export async function startLiveBus(ctx: AppContext, retentionMs: number): Promise<LiveBus> {
  const listeners = new Set<LiveListener>();
  const recent = new Set<string>();
  let newest = (await outboxBounds(ctx.db)).newest;
  let closed = false;

  const dispatch = (envelope: LiveEnvelope) => {
    if (recent.has(envelope.id)) return;
    recent.add(envelope.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value as string);
    if (BigInt(envelope.id) > BigInt(newest)) newest = envelope.id;
    for (const listener of listeners) listener(envelope);
  };
  const heard = (payload: string | undefined) => {
    if (!payload) return;
    try {
      dispatch(JSON.parse(payload) as LiveEnvelope);
    } catch (error) {
      ctx.log.error({ err: error }, 'live event notification unreadable');
    }
  };
  const catchUp = async () => {
    for (;;) {
      const rows = await outboxAfter(ctx.db, newest, 500);
      rows.forEach(dispatch);
      if (rows.length < 500) return;
    }
  };

  const stops: Array<() => Promise<void> | void> = [];
  const database = ctx.config.database;
  const pglite = pgliteOf(ctx.db);
  if (database.kind === 'postgres') {
    let client: pg.Client | undefined;
    const listen = async (): Promise<void> => {
      if (closed) return;
      const next = new pg.Client({ connectionString: database.url });
      next.on('notification', (message) => message.channel === LIVE_CHANNEL && heard(message.payload));
      const again = () => {
        if (closed || client !== next) return;
        client = undefined;
        setTimeout(() => void listen().catch(() => undefined), RELISTEN_MS).unref();
      };
      next.on('error', (error) => {
        ctx.log.warn({ err: error }, 'live events listener lost its connection; listening again');
        again();
      });
      next.on('end', again);
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${LIVE_CHANNEL}`);
        await catchUp();
      } catch (error) {
        ctx.log.warn({ err: error }, 'live events listener could not connect; trying again');
        again();
      }
    };
    await listen();
    stops.push(async () => {
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    });
  } else if (pglite) {
    const onEngine = (channel: string, payload: string) => channel === LIVE_CHANNEL && heard(payload);
    stops.push(pglite.onNotification(onEngine), onPreparedNotification(pglite, onEngine));
    await sql`LISTEN ${sql.raw(LIVE_CHANNEL)}`.execute(ctx.db);
  } else {
    const polling = startRounds({ everyMs: POLL_MS, round: catchUp, onError: () => undefined });
    stops.push(() => polling.stop());
  }

  const pruning = startRounds({
    everyMs: Math.min(retentionMs / 4, 5 * 60_000),
    round: () => pruneOutbox(ctx.db, retentionMs),
    onError: (error) => ctx.log.warn({ err: error }, 'live events: pruning failed'),
  });
  stops.push(() => pruning.stop());

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      for (const stop of stops) await stop();
    },
  };
}
