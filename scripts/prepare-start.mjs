// What `npm start` runs: `node scripts/prepare-start.mjs <server command...>`, the server command being
// node's arguments (the launcher and the bundle), run with NODE_ENV=production.
//
// With nothing to build (the build's inputs did not change, decision 0361), the server command runs at
// once. With a build to make, the server's bundle is built first (esbuild, well under a second), then
// the server command starts beside the SPA's build (decision 0653): the server creates and seeds a new
// embedded database while Vite builds, and serves the SPA's files only once this script tells it, over
// an IPC channel, that the build ended (`{ spa: 'built' }`): never the files of an older build. A build
// that fails is told too (`{ spa: 'failed' }`); the server then stops once its database work ends, and
// the start fails. Once the server says its database is ready (`{ database: 'ready' }`), the build's
// precompression runs (decision 0654); a start stopped before it ended leaves the list of files to the
// next start, which compresses them once its server is ready. Signals go to the server; its exit code is ours.
//
// Without a server command (tests), the build only, with a new embedded database's cluster created
// beside it in a child process (decision 0590).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPgliteCluster, hasPgliteCluster } from '../server/db/pglite-cluster.mjs';
import { buildIfChanged, buildIsCurrent, buildServer, buildSpa, writeStamp } from './build-if-changed.mjs';
import { PENDING } from './precompress.mjs';

/**
 * The embedded database's directory that the server will open, or undefined when it runs on PostgreSQL.
 * The same rule as server/config.ts (`configFromEnv`); tests/launch/prepare-start.test.ts holds them equal.
 */
export function embeddedClusterDir(env) {
  if (env.DATABASE_URL) return undefined;
  return path.join(path.resolve(env.FOLIO_DATA_DIR ?? '.data'), 'pglite');
}

/** The build only, and a new cluster beside it. */
async function prepareOnly() {
  const clusterDir = embeddedClusterDir(process.env);
  const cluster =
    clusterDir && !hasPgliteCluster(clusterDir)
      ? (console.error(`new embedded database: creating its cluster in ${clusterDir} beside the build`), createPgliteCluster(clusterDir))
      : undefined;
  // Both run to their end before either failure is reported: no child is left running behind the error.
  const [build, created] = await Promise.allSettled([buildIfChanged(), cluster]);
  for (const outcome of [build, created]) if (outcome.status === 'rejected') throw outcome.reason;
}

/**
 * The build's listed precompression (decision 0654) in a child process at the lowest CPU priority (its
 * threads, made after the priority is set, inherit it): the server's first calls, the sign-in among them,
 * come first on a busy machine. Stopped with the server.
 */
async function precompressBeside(server) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./precompress.mjs', import.meta.url)), 'dist'], { stdio: 'inherit' });
  try {
    if (child.pid !== undefined) setPriority(child.pid, 19);
  } catch {
    // a priority the system refuses: it runs at the normal one
  }
  const stop = () => child.kill('SIGTERM');
  server.once('exit', stop);
  await new Promise((resolve) => child.once('exit', resolve));
  server.off('exit', stop);
}

/** The server command, beside the SPA's build when there is one to make; resolves to its exit code. */
async function startServer(command) {
  const building = !buildIsCurrent();
  if (building) await buildServer();
  // A build whose precompression has not run yet (its start was stopped first) gets it after this start's server is ready.
  const precompressLater = building || existsSync(path.join('dist', PENDING));
  const server = spawn(process.execPath, command, {
    stdio: precompressLater ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...(building ? { FOLIO_SPA_BUILDING: '1' } : {}) },
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  // Stopped: the server stops, and so does this script once it has, a build under way included (not recorded as done).
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server.kill(signal);
      void exited.then((code) => process.exit(code));
    });
  if (!precompressLater) return exited;
  // The server says when its database is ready (the sign-in works); it may also end first.
  const ready = new Promise((resolve) => {
    server.on('message', (message) => message?.database === 'ready' && resolve());
    void exited.then(resolve);
  });
  if (building) {
    const tell = (spa) => {
      if (server.connected) server.send({ spa });
    };
    // The precompression waits for the server (decision 0654): the build only lists the files.
    process.env.FOLIO_PRECOMPRESS = 'later';
    try {
      await buildSpa();
    } catch (error) {
      console.error(`build failed: ${error instanceof Error ? error.message : error}`);
      tell('failed');
      await exited;
      return 1;
    }
    tell('built');
    writeStamp();
  }
  await ready;
  if (server.connected) server.disconnect();
  if (server.exitCode === null) await precompressBeside(server);
  return exited;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv.slice(2);
  const fail = (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error?.exitCode ?? 1);
  };
  if (command.length === 0) await prepareOnly().catch(fail);
  else process.exitCode = await startServer(command).catch(fail);
}
