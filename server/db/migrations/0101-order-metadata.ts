import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Metadata records belong to an order (decision 0211): notes and key/value entries staff attach.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE metadata ADD COLUMN order_id bigint REFERENCES orders(id) ON DELETE CASCADE;
    CREATE INDEX metadata_order ON metadata (order_id, created_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS metadata_order; ALTER TABLE metadata DROP COLUMN IF EXISTS order_id;`);
}
