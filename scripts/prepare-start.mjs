// What `npm start` does before the server runs (decision 0590): the build, unless its inputs did not
// change (decision 0361), and, on a first start over the embedded database, the creation of its
// cluster (initdb, about 8 s of CPU here) in a child process at the same time, instead of after the
// build when the server opens the database. Both end before the server starts; the server then finds
// the cluster and opens it. Either failing fails the start.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPgliteCluster, hasPgliteCluster } from '../server/db/pglite-cluster.mjs';
import { buildIfChanged } from './build-if-changed.mjs';

/**
 * The embedded database's directory that the server will open, or undefined when it runs on PostgreSQL.
 * The same rule as server/config.ts (`configFromEnv`); tests/launch/prepare-start.test.ts holds them equal.
 */
export function embeddedClusterDir(env) {
  if (env.DATABASE_URL) return undefined;
  return path.join(path.resolve(env.FOLIO_DATA_DIR ?? '.data'), 'pglite');
}

async function prepareStart() {
  const clusterDir = embeddedClusterDir(process.env);
  const cluster =
    clusterDir && !hasPgliteCluster(clusterDir)
      ? (console.error(`new embedded database: creating its cluster in ${clusterDir} beside the build`), createPgliteCluster(clusterDir))
      : undefined;
  // Both run to their end before either failure is reported: no child is left running behind the error.
  const [build, created] = await Promise.allSettled([buildIfChanged(), cluster]);
  for (const outcome of [build, created]) if (outcome.status === 'rejected') throw outcome.reason;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await prepareStart().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error?.exitCode ?? 1);
  });
