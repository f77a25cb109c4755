import path from 'node:path';
import type { DatabaseTarget } from './db/database';

export interface Config {
  production: boolean;
  host: string;
  port: number;
  database: DatabaseTarget;
  /** Demo mode seeds demo users and data and shows the e-mail outbox. */
  demo: boolean;
  dataDir: string;
  filesDir: string;
  /** Secret for signing access tokens and csrf tokens; generated per data directory in demo mode. */
  tokenSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Address the e-mailed links point to; defaults to the server's own address. */
  publicUrl: string | undefined;
  seedOrders: number;
  logLevel: string;
  /** Validate every answer against its contract schema (tests and development). */
  validateResponses: boolean;
  /** Serve the built SPA from this directory (production). */
  spaDir: string | undefined;
  rateLimits: { signInPerMinute: number; forgotPasswordPerHour: number };
  exportWorkers: number;
  /** Demo mode only: after how long the demo payout rail settles a payout attempt (0: never). Decision 0137. */
  demoPayoutSettleMs: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

/** Reads the configuration from the environment (README "Configuration"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.FOLIO_DATA_DIR ?? '.data');
  const database: DatabaseTarget = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  return {
    production,
    host: env.HOST ?? '0.0.0.0',
    port: integer('PORT', env.PORT, 3000),
    database,
    demo: flag(env.FOLIO_DEMO, database.kind === 'pglite'),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    tokenSecret: env.FOLIO_TOKEN_SECRET,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Folio <no-reply@folio.test>',
    publicUrl: env.PUBLIC_URL,
    seedOrders: integer('FOLIO_SEED_ORDERS', env.FOLIO_SEED_ORDERS, 30_000),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    validateResponses: !production,
    spaDir: production ? path.resolve(env.FOLIO_SPA_DIR ?? 'dist') : undefined,
    rateLimits: {
      signInPerMinute: integer('FOLIO_SIGNIN_PER_MINUTE', env.FOLIO_SIGNIN_PER_MINUTE, 10),
      forgotPasswordPerHour: integer('FOLIO_FORGOT_PER_HOUR', env.FOLIO_FORGOT_PER_HOUR, 5),
    },
    exportWorkers: integer('FOLIO_EXPORT_WORKERS', env.FOLIO_EXPORT_WORKERS, 1),
    demoPayoutSettleMs: integer('FOLIO_DEMO_PAYOUT_SETTLE_MS', env.FOLIO_DEMO_PAYOUT_SETTLE_MS, 10_000),
  };
}
