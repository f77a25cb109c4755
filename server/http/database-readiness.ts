import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { systemEndpoints } from '../../contract/system';
import { isSpaPath } from './spa-assets';
import type { DatabaseReadiness } from '../db/readiness';
import { problems, sendProblem } from './problem';

// A server may listen before its database is ready (decision 0652): the SPA's files are served at once,
// while the database opens, migrates and (in demo mode) seeds. Every call that needs the database waits
// for it, and so does the work modules start once the server is up (their reference data, their
// background workers); /health answers 503 until then, so it never says "ok" for a database not there.

/**
 * What a module starts once the database is ready (reference data, background workers). When the database
 * was prepared before the app was built this is Fastify's onReady, as before: `listen` waits for it. When
 * the server listens first, it runs after the database is ready and calls wait for it; a server closed
 * before then never starts it, and one closing meanwhile waits for it before its own stop hooks run.
 */
export function whenDatabaseReady(app: FastifyInstance, start: () => Promise<unknown> | unknown): void {
  let closing = false;
  let started: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    const readiness = app.ctx.readiness;
    if (readiness.isReady) {
      await start();
      return;
    }
    started = readiness.after(() => (closing ? undefined : start()));
  });
  app.addHook('preClose', async () => {
    closing = true;
    await started.catch(() => undefined);
  });
}

const HEALTH_PATH = systemEndpoints.health.path;

/** A call that needs the database: anything but a GET or HEAD of the SPA's files and pages. */
function needsDatabase(request: FastifyRequest): boolean {
  return !((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url));
}

/**
 * How long the SPA's files must have had no request open before a start's database work begins, and the most it
 * waits for that after `listen` (a page loads in milliseconds on a quiet machine; on a loaded one, seconds).
 */
export const QUIET_BEFORE_DATABASE_MS = 100;
export const MOST_BEFORE_DATABASE_MS = 5_000;

/**
 * Holds each call that needs the database until it is ready; /health says 503 meanwhile. Registered
 * before every other hook, so no hook reads the database early (the rate limit, the session).
 * Resolves `quiet()` once no request for the SPA's files has been open for QUIET_BEFORE_DATABASE_MS (at most
 * MOST_BEFORE_DATABASE_MS after it is called): the embedded engine opens in one long run on the server's
 * thread, and a page being loaded when the server starts listening is answered before it (decision 0652).
 */
export function holdCallsUntilDatabaseReady(app: FastifyInstance, readiness: DatabaseReadiness): { quiet: () => Promise<void> } {
  let open = 0;
  let lastEnded = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onResponse', async (request) => {
    if (!counted.has(request)) return;
    open -= 1;
    lastEnded = performance.now();
  });
  app.addHook('onRequestAbort', async (request) => {
    if (!counted.has(request)) return;
    counted.delete(request);
    open -= 1;
    lastEnded = performance.now();
  });
  const quiet = () =>
    new Promise<void>((resolve) => {
      const since = performance.now();
      const check = () => {
        const now = performance.now();
        if ((open === 0 && now - Math.max(lastEnded, since) >= QUIET_BEFORE_DATABASE_MS) || now - since >= MOST_BEFORE_DATABASE_MS) resolve();
        else setTimeout(check, 20);
      };
      check();
    });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (readiness.isReady) return;
    if (!needsDatabase(request)) {
      counted.add(request);
      open += 1;
      return;
    }
    if (request.url.split('?')[0] === HEALTH_PATH) {
      void reply.header('retry-after', '1');
      return sendProblem(reply, problems.starting('the server is starting: its database is not ready yet').problem);
    }
    try {
      await readiness.ready;
    } catch {
      // The server's entry reports the failure and exits; this call gets a problem, not a 500.
      return sendProblem(reply, problems.starting('the server could not open its database and is stopping').problem);
    }
  });
  return { quiet };
}
