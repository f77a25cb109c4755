export const CLUSTER_NODE_FLAGS: string[];
/** Where `npm run pglite:template` writes the empty cluster (brotli tar) and the versions that made it (JSON). */
export const CLUSTER_TEMPLATE_FILES: { archive: string; about: string };
/** Unpacks a cluster template's tar into `dir`, PG_VERSION last; `fs` and `path` are node's modules. */
export function unpackClusterTar(tar: Buffer, dir: string, fs: typeof import('node:fs'), path: typeof import('node:path')): void;
/** The installed PGlite's version. */
export function installedPgliteVersion(): string;
/** The committed empty cluster's archive when the installed PGlite made it, else undefined. */
export function clusterTemplate(): string | undefined;
/** Whether `dataDir` holds an embedded database cluster already. */
export function hasPgliteCluster(dataDir: string): boolean;
/**
 * Creates the embedded database cluster in a child process when `dataDir` has none yet: unpacked from the committed
 * empty cluster unless `template: false` (or it is for another PGlite), else by initdb; with the schema snapshot unless
 * `schema: false`. True when it did.
 */
export function createPgliteCluster(dataDir: string, options?: { schema?: boolean; template?: boolean }): Promise<boolean>;
