import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The home screens' takings count the captures of a day or a week (decision 0345): the succeeded
// captures by their time, so a dashboard reads today's few rather than every operation of the property.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `CREATE INDEX IF NOT EXISTS payment_operations_captures ON payment_operations (created_at) WHERE kind = 'Capture' AND outcome = 'Succeeded';`,
  );
}
