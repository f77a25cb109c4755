import { sql } from 'kysely';
import { DEMO_EMAIL_DOMAIN } from '../contract/product';
import type { Config } from './config';
import type { Db } from './db/database';

/** A start that would be unsafe: the server says why and exits without touching the database. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/** Whether the database holds the demo accounts, whose password the README publishes. */
export async function holdsDemoData(db: Db): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('users') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return false;
  const demoUser = await db.selectFrom('users').select('id').where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`).limit(1).executeTakeFirst();
  return demoUser !== undefined;
}

const RUN_THE_DEMO = 'To run the demo, set FOLIO_DEMO=true (`npm start` does so on the embedded database).';
const USE_ANOTHER_DATABASE = 'For a production service, point DATABASE_URL (or FOLIO_DATA_DIR) at a database without demo data.';

/**
 * Production (NODE_ENV=production) is explicit about demo mode and about where e-mailed links point
 * (decisions 0171 and 0172): it refuses to serve demo accounts with published passwords unless told
 * to, and refuses to guess its public address.
 */
export async function refuseUnsafeStart(config: Config, db: Db): Promise<void> {
  if (!config.production || config.demo) return;
  if (await holdsDemoData(db)) {
    const flag = config.demoExplicit ? 'FOLIO_DEMO is false' : 'FOLIO_DEMO is not set';
    throw new StartRefused(
      `Refusing to start: this database holds the demo data (demo accounts whose password is published in the README), ` +
        `and ${flag}. A production start (NODE_ENV=production) runs demo data only when FOLIO_DEMO=true says so. ${RUN_THE_DEMO} ${USE_ANOTHER_DATABASE}`,
    );
  }
  if (!config.publicUrl)
    throw new StartRefused(
      'Refusing to start: PUBLIC_URL must be set in production. Links in e-mails (password resets) point there, ' +
        'e.g. PUBLIC_URL=https://backoffice.example.com; they are never built from request headers.',
    );
}
