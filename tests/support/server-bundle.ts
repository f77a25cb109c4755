import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll } from 'vitest';
import { SERVER_BUILD } from '../../scripts/build-if-changed.mjs';

/**
 * The server as production runs it (`npm start` runs the bundle, not the sources), built from this checkout's sources
 * into a folder of its own for the tests that start the server as a process. A start of the bundle cost about 3 s of
 * CPU where `node --import tsx server/main.ts` cost 5.5 s, every module transpiled again at each start (and in each
 * process of a cluster); the build itself took half a second. The folder is inside the checkout so that the bundle
 * finds the packages it leaves to node_modules, as dist-server does.
 */
export async function buildServerBundle(): Promise<{ entry: string; dispose: () => void }> {
  const parent = path.resolve('node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(path.join(parent, 'folio-test-server-'));
  await build({ ...SERVER_BUILD, outdir, sourcemap: false, logLevel: 'error' });
  return { entry: path.join(outdir, 'main.mjs'), dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** The bundle of `buildServerBundle` for the calling test file: built before its tests, removed after them. */
export function useServerBundle(): () => string {
  let entry = '';
  beforeAll(async () => {
    const bundle = await buildServerBundle();
    entry = bundle.entry;
    return bundle.dispose;
  }, 60_000);
  return () => entry;
}
