import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { FileStorage } from './files/storage';
import type { DatabaseReadiness } from './db/readiness';

/** What every server module is given: no module reaches for globals. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  files: FileStorage;
  tokenKey: Uint8Array;
  log: FastifyBaseLogger;
  /** Whether the database is ready yet: a server may listen before it is (decision 0652). */
  readiness: DatabaseReadiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
