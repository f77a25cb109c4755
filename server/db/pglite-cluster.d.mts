export const CLUSTER_NODE_FLAGS: string[];
/** Whether `dataDir` holds an embedded database cluster already. */
export function hasPgliteCluster(dataDir: string): boolean;
/** Creates the embedded database cluster in a child process when `dataDir` has none yet, with the schema snapshot unless `schema: false`; true when it did. */
export function createPgliteCluster(dataDir: string, options?: { schema?: boolean }): Promise<boolean>;
