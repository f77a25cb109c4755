import cluster, { type Worker } from 'node:cluster';
import Fastify from 'fastify';
import { buildApp, prepareDatabase, tokenSecret } from './app';
import { configFromEnv, type Config } from './config';
import { createPgliteCluster, openDatabase } from './db/database';
import { refuseUnsafeStart, StartRefused } from './startup-checks';
import { DEMO_DOMAIN, DEMO_PASSWORD } from './demo/demo-layout';

// Entry point of `npm start` / `npm run dev:server`: configuration from the environment, one
// port for the API and (in production) the built SPA, graceful shutdown on SIGINT/SIGTERM.
// With FOLIO_WORKERS above 1 (PostgreSQL only), this process is the primary of a node:cluster: it
// prepares the database once, then starts that many server processes sharing the port (decision 0471).
const started = Date.now();

/** An unsafe start (demo data without FOLIO_DEMO, no PUBLIC_URL, workers on PGlite) says why in one paragraph, no stack. */
function refuse(error: unknown): never {
  if (!(error instanceof StartRefused)) throw error;
  console.error(`\n  ${error.message}\n`);
  process.exit(1);
}

function announce(config: Config): void {
  const url = `http://localhost:${config.port}`;
  const processes = config.workers > 1 ? `, ${config.workers} server processes` : '';
  console.log(
    `\n  Folio back office is running at ${url}  (${config.demo ? `demo data; sign in as folioadmin@${DEMO_DOMAIN} / ${DEMO_PASSWORD}` : 'no demo data'}${processes})\n`,
  );
}

/** The database could not be opened or prepared after the server listened: say why in one paragraph, and stop. */
function databaseFailed(error: unknown, log: { error: (details: object, message: string) => void }): never {
  if (error instanceof StartRefused) refuse(error); // a setting a module needs once it starts (FOLIO_SETTINGS_KEY)
  log.error({ err: error }, 'database not ready');
  console.error(`\n  Folio could not open or prepare its database, and stops: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

class SpaBuildFailed extends Error {}

/**
 * Under `npm start` while the SPA builds beside the server (FOLIO_SPA_BUILDING=1, scripts/prepare-start.mjs):
 * resolves when the launcher says the build ended, rejects when it failed (decision 0653). Otherwise undefined.
 */
function spaBuildEnded(): Promise<void> | undefined {
  // A cluster's server process has a channel to its primary, which waited for the build before forking it.
  if (process.env.FOLIO_SPA_BUILDING !== '1' || !process.send || cluster.isWorker) return undefined;
  return new Promise((resolve, reject) => {
    const ended = (message: unknown) => {
      const spa = (message as { spa?: unknown } | null)?.spa;
      if (spa !== 'built' && spa !== 'failed') return;
      process.off('message', ended);
      process.channel?.unref(); // the launcher's channel keeps the server alive no longer
      if (spa === 'built') resolve();
      else reject(new SpaBuildFailed('the build of the SPA failed (see above)'));
    };
    process.on('message', ended);
    process.once('disconnect', () => reject(new SpaBuildFailed('the start ended before the build of the SPA did')));
  });
}

/** Tells `npm start`'s launcher, when it holds a channel to this server, that the database is ready: it then precompresses the build (decision 0654). */
function tellLauncherReady(): void {
  if (!cluster.isWorker && process.connected) process.send?.({ database: 'ready' });
}

/** A start that failed before it listened: an unsafe configuration or a failed build in one sentence; anything else with its stack. */
function startFailed(error: unknown): never {
  if (error instanceof StartRefused) refuse(error);
  if (!(error instanceof SpaBuildFailed)) throw error;
  console.error(`\n  Folio could not start: ${error.message}\n`);
  process.exit(1);
}

/**
 * One server process: the API and the SPA on the port (shared with its siblings under a cluster). It
 * listens before its database is ready (decision 0652): the sign-in page is served while the database
 * opens, migrates and seeds, and every call that needs the database waits for it. What may refuse the
 * start (an unsafe configuration) is checked before it listens.
 */
async function serve(config: Config, prepared: boolean): Promise<void> {
  // Listened for from the first moment: the build may end while the cluster is being made.
  const spaBuilt = spaBuildEnded();
  spaBuilt?.catch(() => undefined); // awaited by buildApp below
  // A first start on an empty data directory: the embedded cluster is created in a child process,
  // so its one-off memory does not stay with the server (decision 0128).
  if (config.database.kind === 'pglite' && config.database.dataDir !== 'memory') await createPgliteCluster(config.database.dataDir);
  // A cluster's server process finds the database prepared by its primary: it listens once its modules started, as before.
  const app = await buildApp(config, { prepared, listenBeforeDatabase: !prepared, spaBuilt }).catch(startFailed);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ listeningMs: Date.now() - started }, 'listening; calls that need the database wait until it is ready');
  // The page answers now, and a sign-in made from it waits for the database: the address is worth printing.
  if (!cluster.isWorker) announce(config); // the primary says when every process listens
  try {
    await app.ctx.readiness.ready;
  } catch (error) {
    if (!closing) databaseFailed(error, app.log); // a stop while it opened is no failure
  }
  if (closing || cluster.isWorker) return;
  tellLauncherReady();
  app.log.info(
    { url: `http://localhost:${config.port}`, database: config.database.kind, demo: config.demo, startupMs: Date.now() - started },
    'Folio is ready',
  );
}

/**
 * The primary of FOLIO_WORKERS server processes: refuses the embedded engine, prepares the database
 * (migrations, demo seed) once, then forks the processes; process 1 runs the background work. A process
 * that dies after it listened is replaced under the same number; one that fails before it listened
 * ends the start. SIGINT/SIGTERM stop every process, then the primary.
 */
async function runPrimary(config: Config): Promise<void> {
  if (config.database.kind !== 'postgres')
    refuse(
      new StartRefused(
        `FOLIO_WORKERS=${config.workers} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) runs inside one server process and cannot be shared by several. Unset FOLIO_WORKERS (or set it to 1), or set DATABASE_URL.`,
      ),
    );
  // The processes log through their own servers; the primary only says what it prepares and forks.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const spaBuilt = spaBuildEnded();
  spaBuilt?.catch(() => undefined); // awaited before the processes are forked
  const db = openDatabase(config.database);
  try {
    await refuseUnsafeStart(config, db).catch(refuse);
    await prepareDatabase(config, db, log);
  } finally {
    await db.destroy();
  }
  // Written once here, so the processes do not race to create the demo's generated secret.
  tokenSecret(config);
  // Under `npm start` with a build under way, the processes serve the SPA of the build that just ended.
  await spaBuilt?.catch(startFailed);
  tellLauncherReady();

  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const fork = (serverProcess: number): Worker => {
    const worker = cluster.fork({ FOLIO_SERVER_PROCESS: String(serverProcess) });
    worker.on('listening', () => {
      listening.add(serverProcess);
      if (listening.size === config.workers && !stopping && !announced) {
        announced = true; // once, not again when a process is replaced
        log.info(
          {
            url: `http://localhost:${config.port}`,
            database: config.database.kind,
            demo: config.demo,
            workers: config.workers,
            startupMs: Date.now() - started,
          },
          'Folio is ready',
        );
        announce(config);
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (!listening.has(serverProcess)) {
        console.error(`server process ${serverProcess} ended before it listened (${signal ?? `exit code ${code}`}); stopping`);
        stop(1);
        return;
      }
      log.error({ serverProcess, code, signal }, 'server process ended; starting another');
      listening.delete(serverProcess);
      fork(serverProcess);
    });
    return worker;
  };
  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    if (!workers.length) process.exit(exitCode);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
  for (let serverProcess = 1; serverProcess <= config.workers; serverProcess += 1) fork(serverProcess);
}

const config = configFromEnv();
if (cluster.isPrimary && config.workers > 1) await runPrimary(config);
else await serve(config, cluster.isWorker);
