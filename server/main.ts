import { buildApp } from './app';
import { configFromEnv } from './config';
import { createPgliteCluster } from './db/database';
import { StartRefused } from './startup-checks';
import { DEMO_DOMAIN, DEMO_PASSWORD } from './db/seed/demo-layout';

// Entry point of `npm start` / `npm run dev:server`: configuration from the environment, one
// port for the API and (in production) the built SPA, graceful shutdown on SIGINT/SIGTERM.
const started = Date.now();
const config = configFromEnv();
// A first start on an empty data directory: the embedded cluster is created in a child process,
// so its one-off memory does not stay with the server (decision 0128).
if (config.database.kind === 'pglite' && config.database.dataDir !== 'memory') await createPgliteCluster(config.database.dataDir);
const app = await buildApp(config).catch((error: unknown) => {
  // An unsafe start (demo data without FOLIO_DEMO, no PUBLIC_URL) says why in one paragraph, no stack.
  if (!(error instanceof StartRefused)) throw error;
  console.error(`\n  ${error.message}\n`);
  process.exit(1);
});

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
const url = `http://localhost:${config.port}`;
app.log.info({ url, database: config.database.kind, demo: config.demo, startupMs: Date.now() - started }, 'Folio is ready');
console.log(
  `\n  Folio back office is running at ${url}  (${config.demo ? `demo data; sign in as folioadmin@${DEMO_DOMAIN} / ${DEMO_PASSWORD}` : 'no demo data'})\n`,
);
