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

/** One server process: the API and the SPA on the port (shared with its siblings under a cluster). */
async function serve(config: Config, prepared: boolean): Promise<void> {
  // A first start on an empty data directory: the embedded cluster is created in a child process,
  // so its one-off memory does not stay with the server (decision 0128).
  if (config.database.kind === 'pglite' && config.database.dataDir !== 'memory') await createPgliteCluster(config.database.dataDir);
  const app = await buildApp(config, { prepared }).catch(refuse);

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
  if (cluster.isWorker) return; // the primary says when every process listens
  app.log.info(
    { url: `http://localhost:${config.port}`, database: config.database.kind, demo: config.demo, startupMs: Date.now() - started },
    'Folio is ready',
  );
  announce(config);
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
  const db = openDatabase(config.database);
  try {
    await refuseUnsafeStart(config, db).catch(refuse);
    await prepareDatabase(config, db, log);
  } finally {
    await db.destroy();
  }
  // Written once here, so the processes do not race to create the demo's generated secret.
  tokenSecret(config);

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
