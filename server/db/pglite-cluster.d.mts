export const CLUSTER_NODE_FLAGS: string[];
/** Whether `dataDir` holds an embedded database cluster already. */
export function hasPgliteCluster(dataDir: string): boolean;
/** Creates the embedded database cluster in a child process when `dataDir` has none yet; true when it did. */
export function createPgliteCluster(dataDir: string): Promise<boolean>;
