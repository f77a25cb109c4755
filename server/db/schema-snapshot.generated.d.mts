import type { SchemaSnapshot } from './schema-snapshot';

/** The schema every migration leaves (server/db/schema-snapshot.ts, decision 0620). */
export const schemaSnapshot: SchemaSnapshot;
