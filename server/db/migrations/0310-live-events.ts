import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The live events outbox (issue 38, decision 0441): one row per change a browser may hear of, written
// in the transaction that makes the change, so an event exists exactly when its change committed.
// Its id is the stream's position (Last-Event-ID): a browser that reconnects, to this instance or
// another on the same database, is sent the rows after the last one it saw. Who may hear of a row is
// kept beside it (the property and the permission its read endpoint needs, or the export's owner), so
// every instance filters alike. Rows are kept a short while only (LIVE_EVENT_RETENTION in the server).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE live_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id uuid,
      resource text,
      owner_user_id uuid,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((merchant_id IS NOT NULL AND resource IS NOT NULL) OR owner_user_id IS NOT NULL)
    );
    CREATE INDEX live_events_created ON live_events (created_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE IF EXISTS live_events;`);
}
