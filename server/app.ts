import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { secretKey } from './auth/tokens';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { vacuumAnalyze } from './db/maintenance';
import { indexesBuiltAsideBy, migrateToLatest } from './db/migrate';
import { buildIndexesAsideInBackground, type BackgroundIndexBuild } from './db/indexes-built-aside';
import { DatabaseReadiness } from './db/readiness';
import { forgetWhatIsNoLongerKept, RETENTION_SWEEP_MS } from './db/retention';
import { startRounds, type JobRunner } from './jobs/job-runner';
import { yieldingToRequests } from './db/pglite-dialect';
import { seedDemo, seedRoles } from './demo/seed-demo';
import { localFileStorage } from './files/storage';
import { s3FileStorage } from './files/s3-storage';
import { registerCompression } from './http/compression';
import { holdCallsUntilDatabaseReady, whenDatabaseReady } from './http/database-readiness';
import { databaseRateLimitStore } from './auth/rate-limit-store';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { installProblemHandlers } from './http/problem';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpaAssets } from './http/spa-assets';
import { loggedRequest } from './http/log-redaction';
import { setExactCountUpTo } from './lists/list-query';
import { createMailer } from './mail/mailer';
import { registerModules } from './modules';
import { refuseUnsafeStart } from './startup-checks';

/** Demo and development keep a generated secret in the data directory; production must set one. */
export function tokenSecret(config: Config): string {
  if (config.tokenSecret) return config.tokenSecret;
  if (config.production && !config.demo) throw new Error('FOLIO_TOKEN_SECRET must be set in production');
  const file = path.join(config.dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What a database needs before a server answers on it: the migrations, reference data (roles and their
 * permissions), the demo world in demo mode, and on the embedded engine a vacuum of what changed. With
 * several server processes (FOLIO_WORKERS) the primary runs this once before they start (decision 0471).
 */
export async function prepareDatabase(config: Config, db: Db, log: FastifyBaseLogger): Promise<void> {
  // On PostgreSQL the indexes an upgrade builds aside come once the server answers (decision 0723, buildApp).
  const applied = await migrateToLatest(db as never, undefined, { indexesAside: config.database.kind === 'postgres' ? 'later' : 'now' });
  if (applied.length) log.info({ applied }, 'migrations applied');
  // The embedded engine never vacuums or analyzes by itself (decision 0330).
  const vacuumAfter = config.vacuumOnStart && config.database.kind === 'pglite' && config.database.dataDir !== 'memory';
  // Roles and their permissions are reference data every database needs; demo data only in demo mode.
  // The seed leaves the statistics of what it wrote to the vacuum when one follows.
  if (config.demo) await seedDemo(db, { orders: config.seedOrders, log, analyze: !vacuumAfter });
  else await seedRoles(db);
  if (vacuumAfter) log.info(await vacuumAnalyze(db), 'embedded database: changed tables vacuumed and analyzed');
}

/**
 * The indexes an upgrade left to build aside on PostgreSQL (decision 0723), built once the server is ready, while
 * it answers; stopped when it closes (the next start finishes them). Every process of FOLIO_WORKERS starts one;
 * the first to take the build lock builds, the others leave it to it.
 */
function buildUpgradeIndexesOnceReady(app: FastifyInstance, config: Config, db: Db): void {
  if (config.database.kind !== 'postgres') return;
  let build: BackgroundIndexBuild | undefined;
  // Started, not awaited: the server is ready without them.
  whenDatabaseReady(app, () => void (build = buildIndexesAsideInBackground(db, indexesBuiltAsideBy(), app.log)));
  app.addHook('onClose', async () => {
    await build?.stop();
  });
}

/**
 * Process 1 forgets what is past its keeping (decision 0724, server/db/retention.ts): a first sweep once the
 * database is ready (not waited for), then one every hour; the server stops it when it closes.
 */
function sweepWhatIsNoLongerKept(app: FastifyInstance, config: Config, db: Db): void {
  if (config.serverProcess !== 1) return;
  const round = async () => {
    const forgotten = await forgetWhatIsNoLongerKept(db, config.retention);
    if (Object.values(forgotten).some((rows) => rows > 0)) app.log.info({ forgotten }, 'rows past their keeping forgotten');
  };
  const onError = (error: unknown) => app.log.error({ err: error }, 'the retention sweep failed');
  let first: Promise<void> = Promise.resolve();
  let rounds: JobRunner | undefined;
  whenDatabaseReady(app, () => {
    first = round().catch(onError);
    rounds = startRounds({ everyMs: RETENTION_SWEEP_MS, round, onError });
  });
  app.addHook('onClose', async () => {
    await rounds?.stop();
    await first;
  });
}

export interface BuildOptions {
  /** Reuse an open database (tests share one PGlite per file). */
  db?: Db;
  /** Skip migrations and seeding (the caller did them). */
  prepared?: boolean;
  /** Where the log goes instead of standard output (a test reading what the log keeps). */
  logStream?: { write: (line: string) => void };
  /**
   * Return (and let the caller listen) before the database is ready: the checks, migrations and seed run
   * behind `app.ctx.readiness`, and calls that need the database wait for it (decision 0652). A failure
   * rejects `readiness.ready`; the caller reports it. Without it, buildApp awaits them, as tests expect.
   */
  listenBeforeDatabase?: boolean;
  /**
   * Set while the SPA is being built beside this start (`npm start`, decision 0653): its files are registered
   * once it resolves, so they are those of the build that just ended. A rejection (the build failed) fails
   * buildApp once the database work under way has ended, so no half-seeded database is left behind.
   */
  spaBuilt?: Promise<void>;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // The request's address without its tokens (decision 0346).
      serializers: { req: loggedRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Refusals before any route runs are problem JSON too (decision 0177).
    frameworkErrors,
    clientErrorHandler,
    // X-Forwarded-* count only from the proxies FOLIO_TRUST_PROXY names (decision 0172); `true` is the
    // one proxy in front: the socket's peer is trusted, and the client is the address it appended (0346).
    trustProxy: config.trustProxy === 1 ? (_address: string, hop: number) => hop === 0 : config.trustProxy,
  });
  const db = options.db ?? openDatabase(config.database, { openOnFirstQuery: options.listenBeforeDatabase });
  // What may refuse the start comes before it listens, in either mode; it reads the database only for a
  // production start without demo data (the demo and development starts refuse nothing there).
  try {
    await refuseUnsafeStart(config, db);
  } catch (error) {
    if (!options.db) await db.destroy();
    throw error;
  }
  let preparationStarted = false;
  const prepare = async () => {
    preparationStarted = true;
    if (!options.prepared) await prepareDatabase(config, db, app.log);
  };
  const held: { quiet?: () => Promise<void> } = {}; // set below, once the hooks are registered
  let spaEnded = false;
  options.spaBuilt?.then(
    () => (spaEnded = true),
    () => (spaEnded = true),
  );
  // Listening first: the engine opens (its first statement) once the server listens and no request for the
  // SPA's files has been open for a moment (at most 5 s), and its statements leave turns of the event
  // loop to the requests that came meanwhile (decision 0652). While the
  // SPA builds beside this start there is nothing to serve before the build ends: the work starts at once,
  // beside the build (decision 0653), unless the build has already ended.
  const afterListen = () =>
    (options.spaBuilt && !spaEnded
      ? Promise.resolve()
      : new Promise<void>((resolve) => app.addHook('onListen', async () => resolve())).then(() => held.quiet?.())
    )
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => yieldingToRequests(prepare));
  const preparing = options.listenBeforeDatabase ? afterListen() : undefined;
  let readiness: DatabaseReadiness;
  if (preparing) readiness = DatabaseReadiness.preparing(preparing);
  else {
    await prepare();
    readiness = DatabaseReadiness.prepared();
  }
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(db, config.smtpUrl, config.mailFrom),
    files: config.s3 ? s3FileStorage(config.s3) : localFileStorage(config.filesDir),
    tokenKey: secretKey(tokenSecret(config)),
    log: app.log,
    readiness,
  };
  app.decorate('ctx', ctx);
  setExactCountUpTo(config.listExactCountUpTo);

  registerSecurityHeaders(app, config.production);
  // Before every hook that reads the database (the rate limit, the session): none of them runs early.
  held.quiet = holdCallsUntilDatabaseReady(app, readiness).quiet;
  await registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  // JSON under a structured-syntax name (RFC 6839), such as the application/json-patch+json that spec 7
  // names for the refunds search: the same JSON, parsed by the same parser, validated by the same schemas.
  app.addContentTypeParser(/^application\/[a-z0-9.-]+\+json$/i, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  // Counted in the database, so the limits hold across every instance on it (decision 0187).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  installProblemHandlers(app);
  // Fastify runs onClose hooks last registered first: registered before the modules, the database
  // closes after their workers (exports, webhooks, the demo payout rail) have stopped, not under them.
  app.addHook('onClose', async () => {
    if (!options.db) await db.destroy();
  });
  registerModules(app);
  buildUpgradeIndexesOnceReady(app, config, db);
  sweepWhatIsNoLongerKept(app, config, db);

  if (options.spaBuilt) app.log.info('the SPA is being built: its files are served, and the server listens, once the build ends');
  if (options.spaBuilt)
    await options.spaBuilt.catch(async (error: unknown) => {
      if (preparationStarted) await preparing?.catch(() => undefined);
      throw error;
    });
  if (config.spaDir && existsSync(config.spaDir)) await registerSpaAssets(app, config.spaDir);

  return app;
}
