import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// @fastify/rate-limit keeps its counters in one process's memory by default, so N instances behind
// a balancer allowed N times the attempts. This store keeps them in the database every instance
// shares (decision 0187): one atomic upsert per limited request counts the hit and answers how
// many hits the window holds and how long it has left. The window opens at the first hit, as the
// in-memory store's does; `continueExceeding` and `exponentialBackoff` are not supported (unused).

/** Ended windows are swept at most this often per instance; a stale row is harmless meanwhile (the next hit restarts it). */
const SWEEP_EVERY_MS = 60_000;

export interface RateLimitHit {
  current: number;
  ttl: number;
}

/** Counts one hit for `key` in a window of `windowMs`, atomically on both engines. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<RateLimitHit> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const result = await sql<{ hits: number; ttl_ms: number }>`
    INSERT INTO rate_limit_counters AS counter (key, window_started_at, window_ends_at, hits)
    VALUES (${key}, now(), now() + ${window}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN counter.window_ends_at <= now() THEN 1 ELSE counter.hits + 1 END,
      window_started_at = CASE WHEN counter.window_ends_at <= now() THEN now() ELSE counter.window_started_at END,
      window_ends_at = CASE WHEN counter.window_ends_at <= now() THEN now() + ${window} ELSE counter.window_ends_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM (window_ends_at - now())) * 1000))::integer AS ttl_ms`.execute(db);
  const row = result.rows[0]!;
  return { current: row.hits, ttl: row.ttl_ms };
}

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  function sweep(): void {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    void db
      .deleteFrom('rate_limit_counters')
      .where('window_ends_at', '<', sql<Date>`now()`)
      .execute()
      .catch(() => undefined);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: RateLimitHit) => void, timeWindow: number): void {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      sweep();
    }

    /** One counter per limited route, or per group when routes share one (`groupId`: the two sign-in urls). */
    child(
      routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { groupId?: string; routeInfo?: { method?: string; url?: string } },
    ): FastifyRateLimitStore {
      const route = routeOptions.groupId ?? `${routeOptions.routeInfo?.method ?? routeOptions.method} ${routeOptions.routeInfo?.url ?? routeOptions.url}`;
      return new DatabaseRateLimitStore({}, route);
    }
  }
  return DatabaseRateLimitStore;
}
