import type { BuildOptions } from 'esbuild';

/** The server's bundles (`npm run build:server`): the entry and the xlsx worker thread, packages left to node_modules. */
export const SERVER_BUILD: BuildOptions;
