import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routerPath } from '../../contract/endpoint';
import { LIVE_SSE_EVENTS, liveEndpoints } from '../../contract/live-events';
import { looksLikeSecretKey } from '../auth/api-key-caller';
import { browserClaims } from '../auth/browser-session';
import type { Caller } from '../auth/caller';
import { sessionCaller } from '../auth/session-caller';
import { refuseUntilTwoStep, rememberTwoStepPending } from '../auth/sign-in-policy';
import { problems } from '../http/problem';
import { startRounds, type JobRunner } from '../jobs/job-runner';
import type { AppContext } from '../app-context';
import { liveConfigOf } from './live-config';
import { startLiveBus, type LiveBus } from './live-bus';
import { outboxAfter, outboxBounds, type LiveEnvelope } from './live-outbox';
import { LiveStream } from './live-stream';
import { whenDatabaseReady } from '../http/database-readiness';

const { liveEvents } = liveEndpoints;

/** A resume longer than this is not replayed row by row: the browser is told to refetch everything. */
const MAX_RESUME_ROWS = 2_000;

/** The person behind the browser: bearer header or access-token cookie (an EventSource sends no header), with a live session. */
async function streamCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer && looksLikeSecretKey(bearer)) throw problems.forbidden('live events are for a person signed in in a browser, not a secret key');
  const claims = await browserClaims(ctx, request);
  if (!claims) throw problems.unauthorized();
  const found = await sessionCaller(ctx.db, claims.userId, claims.sessionId, ctx.config.demo);
  if (!found.live) throw problems.unauthorized('the session has ended; sign in again');
  if (!found.caller) throw problems.unauthorized('the account is disabled');
  rememberTwoStepPending(found.caller, found.twoStepPending);
  await refuseUntilTwoStep(ctx, found.caller, liveEvents);
  return found.caller;
}

/** Where the browser resumes from: the Last-Event-ID header its EventSource sends, or the query's `lastEventId`. */
function resumePosition(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const query = liveEvents.query.safeParse(request.query);
  if (!query.success) throw problems.badRequest('the stream takes one query parameter, lastEventId, a whole number');
  const value = (typeof header === 'string' && header !== '' ? header : undefined) ?? query.data.lastEventId;
  if (value !== undefined && !/^\d{1,18}$/.test(value)) throw problems.badRequest('Last-Event-ID is a whole number');
  return value;
}

/**
 * The live event stream (issue 38): one Server-Sent Events endpoint per signed-in browser. Registered
 * directly, not through registerEndpoint: the answer is a stream that outlives the handler, and the
 * caller may be the access-token cookie (an EventSource cannot send a header).
 */
export function registerLiveModule(app: FastifyInstance): void {
  let bus: LiveBus | undefined;
  const streams = new Set<LiveStream>();
  let sessionCheck: JobRunner | undefined;

  whenDatabaseReady(app, async () => {
    const limits = liveConfigOf(app.ctx.config);
    bus = await startLiveBus(app.ctx, limits.retentionMs);
    bus.subscribe((envelope) => streams.forEach((stream) => stream.offer(envelope)));
    sessionCheck = startRounds({
      everyMs: limits.sessionCheckMs,
      round: () => recheckSessions(app.ctx, streams),
      onError: (error) => app.log.warn({ err: error }, 'live events: session check failed'),
    });
  });
  // Before the server stops accepting: open streams would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    await sessionCheck?.stop();
    streams.forEach((stream) => stream.end('server-closing'));
    await bus?.close();
  });

  app.route({
    method: 'GET',
    url: routerPath(liveEvents.path),
    handler: async (request, reply) => {
      const ctx = app.ctx;
      const caller = await streamCaller(ctx, request);
      const from = resumePosition(request);
      if (!bus) throw problems.badRequest('the server is still starting');
      const limits = liveConfigOf(ctx.config);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and its kind pass the stream on as it is written rather than buffering it.
        'x-accel-buffering': 'no',
      });
      const stream = new LiveStream(reply.raw, caller, limits, (why) => {
        streams.delete(stream);
        request.log.info({ why }, 'live stream ended');
      });
      streams.add(stream);
      // Ask the browser to wait a little before reconnecting after a drop (the SSE `retry:` field).
      stream.write('retry: 2000\n\n');
      try {
        const bounds = await outboxBounds(ctx.db);
        if (from === undefined) {
          stream.resume([]);
          stream.control(LIVE_SSE_EVENTS.ready, bounds.newest);
          return;
        }
        const position = BigInt(from);
        const tooOld = position + 1n < BigInt(bounds.oldest) || position > BigInt(bounds.newest);
        const backlog: LiveEnvelope[] = tooOld ? [] : await outboxAfter(ctx.db, from, MAX_RESUME_ROWS + 1);
        if (tooOld || backlog.length > MAX_RESUME_ROWS) {
          stream.resume([]);
          stream.control(LIVE_SSE_EVENTS.resync, bounds.newest);
          return;
        }
        stream.resume(backlog);
        stream.control(LIVE_SSE_EVENTS.ready, backlog.at(-1)?.id ?? from);
      } catch (error) {
        request.log.error({ err: error }, 'live stream could not resume');
        stream.end('server-closing');
      }
    },
  });
}

/**
 * Revocation within seconds: each open session is asked again whether it is live and what it may read.
 * A signed-out, revoked or disabled session's streams end; a narrowed scope narrows what they hear.
 */
async function recheckSessions(ctx: AppContext, streams: Set<LiveStream>): Promise<void> {
  const bySession = new Map<string, LiveStream[]>();
  for (const stream of streams) bySession.set(stream.caller.sessionId, [...(bySession.get(stream.caller.sessionId) ?? []), stream]);
  for (const [sessionId, open] of bySession) {
    const first = open[0];
    if (!first) continue;
    try {
      const found = await sessionCaller(ctx.db, first.caller.userId, sessionId, ctx.config.demo);
      const caller = found.live ? found.caller : undefined;
      for (const stream of open) {
        if (caller) stream.caller = caller;
        else stream.end('session-ended');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'live streams: session check failed; trying again');
    }
  }
}
