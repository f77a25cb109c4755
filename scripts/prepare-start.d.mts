/** The embedded database's directory the server will open, or undefined when it runs on PostgreSQL. */
export function embeddedClusterDir(env: Record<string, string | undefined>): string | undefined;
