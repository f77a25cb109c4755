import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseTarget } from './db/database';
import { DEFAULT_RETENTION, MAX_KEPT_DAYS, type RetentionConfig } from './db/retention';

/** How many rows a list counts exactly before it estimates (FOLIO_LIST_EXACT_COUNT_UP_TO). */
export const DEFAULT_EXACT_COUNT_UP_TO = 10_000;

/** Where files go on an S3-compatible store (FOLIO_S3_*); read by files/s3-storage.ts. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** The store's address; absent for AWS itself. */
  endpoint?: string;
  /** Path-style addressing (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, so one bucket can hold several environments. */
  prefix: string;
}

export interface Config {
  production: boolean;
  host: string;
  port: number;
  database: DatabaseTarget;
  /** Demo mode seeds demo users and data (README demo accounts). Off by default in production (decision 0171). */
  demo: boolean;
  /** Whether FOLIO_DEMO was set at all: a production start over demo data needs it said out loud. */
  demoExplicit: boolean;
  dataDir: string;
  filesDir: string;
  /** Documents and export files on an S3-compatible store instead of `filesDir` (FOLIO_S3_BUCKET set). */
  s3?: S3StorageConfig;
  /** Secret for signing access tokens and csrf tokens; generated per data directory in demo mode. */
  tokenSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin the e-mailed links point to (PUBLIC_URL); required in production outside demo mode (decision 0172). */
  publicUrl: string | undefined;
  /**
   * FOLIO_TRUST_PROXY: which peers may speak for the client through X-Forwarded-* (Fastify's
   * trustProxy): `true` trusts the one proxy in front of the server (a hop count of 1: the client is
   * the address that proxy saw, never an address a client wrote into the header, decision 0346), or a
   * comma-separated list of addresses/CIDRs; false trusts none.
   */
  trustProxy: false | 1 | string;
  seedOrders: number;
  /** How long an invitation link works, for a colleague invited by a user admin and a merchant admin granted access alike (FOLIO_INVITATION_HOURS, decision 0456). */
  invitationHours: number;
  logLevel: string;
  /** Validate every answer against its contract schema (tests and development). */
  validateResponses: boolean;
  /** Serve the built SPA from this directory (production). */
  spaDir: string | undefined;
  rateLimits: { signInPerMinute: number; forgotPasswordPerHour: number; guestPaymentsPerTenMinutes: number };
  exportWorkers: number;
  /**
   * FOLIO_WORKERS: server processes answering on the one port (node:cluster), PostgreSQL only: the embedded
   * engine lives inside one process (decision 0471).
   */
  workers: number;
  /**
   * Which of those processes this is, 1 to `workers` (FOLIO_SERVER_PROCESS, set by the primary). The export
   * and webhook workers and the demo payout rail run in process 1 only, with their own settings; the others
   * only answer calls (decision 0471).
   */
  serverProcess: number;
  /** Demo mode only: after how long the demo payout rail settles a payout attempt (0: never). Decision 0137. */
  demoPayoutSettleMs: number;
  /**
   * FOLIO_PAYOUT_RUN_MS: the pause between rounds of the payout run, which schedules payouts for merchants'
   * closed days and sends them (decision 0582); 0: off. Process 1 only, in production too.
   */
  payoutRunMs: number;
  /** How long the demo acquirer takes to answer a capture or void (decision 0205). */
  demoAcquirerLatencyMs: number;
  /** Lists count their rows exactly up to this many; past it they show the planner's estimate (decision 0460). */
  listExactCountUpTo: number;
  /**
   * Demo mode only: after how long the demo acquirer gives its later word on a refund (a pending
   * refund settles, a refunded test amount is corrected; 0: never). Decision 0520.
   */
  demoRefundUpdateMs: number;
  /** FOLIO_SETTINGS_KEY: the AES-256 key for stored SMTP passwords and webhook secrets; required in production (decision 0280). */
  settingsKey: string | undefined;
  /** Webhook deliveries and outbound test connections (decisions 0281, 0282). */
  integrations: IntegrationsConfig;
  /** Embedded engine on disk: VACUUM ANALYZE before listening (decision 0330); not in tests, whose small copies plan well without it. */
  vacuumOnStart?: boolean;
  /** The live event stream's timings and limits (issue 38); defaults in server/events/live-config.ts. */
  live?: Partial<LiveStreamConfig>;
  /** How long the webhook delivery log and the sent e-mails keep their rows (decision 0724); process 1 sweeps. */
  retention: RetentionConfig;
}

export interface LiveStreamConfig {
  /** A comment line this often keeps proxies from closing an idle stream (15-30 s behind most proxies). */
  heartbeatMs: number;
  /** How often an open stream asks whether its session is still live and what it may read now. */
  sessionCheckMs: number;
  /** Bytes a connection may have waiting unsent at any moment; past them it is closed (a flood to a client that never reads). */
  maxBufferedBytes: number;
  /** How long a connection whose socket is full may take to drain before it is closed (a client that stopped reading). */
  drainGraceMs: number;
  /** How long events are kept for a reconnecting browser to resume from. */
  retentionMs: number;
  /** How often the payment links whose expiry passed are looked for, to tell the streams (decision 0531). */
  linkExpiryCheckMs: number;
}

export interface IntegrationsConfig {
  /** Whether webhook URLs and SMTP servers may be private, loopback or link-local addresses (tests, demo). */
  allowPrivateTargets: boolean;
  /** Webhook delivery loops in this instance (0: this instance only enqueues). */
  webhookWorkers: number;
  webhookMaxAttempts: number;
  /** The first retry waits this long; each next one twice as long (capped at an hour). */
  webhookRetryBaseMs: number;
  webhookPollMs: number;
  webhookTimeoutMs: number;
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

/**
 * SMTP_URL is checked at start, although nodemailer is loaded only with the first e-mail (decision 0590):
 * a mistyped address must stop the start, not fail every e-mail later.
 */
function smtpUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SMTP_URL must be an address such as smtp://user:password@mail.example.com:587, got something else`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  return value;
}

/** PUBLIC_URL as an origin (scheme, host, port; a path prefix is kept), refusing anything but http(s). */
export function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) address such as https://backoffice.example.com, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https://, got "${value}"`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`PUBLIC_URL must be a plain address without credentials, query or fragment, got "${value}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function trustProxyOf(value: string | undefined): false | 1 | string {
  if (value === undefined || value.trim() === '') return false;
  const normalized = value.trim().toLowerCase();
  // Not Fastify's `true`, which takes the header's leftmost address: whatever the client wrote there.
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return 1;
  if (['0', 'false', 'no', 'off'].includes(normalized)) return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const maxPrefix = isIP(address) === 6 ? 128 : 32;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (entry !== 'loopback' && (isIP(address) === 0 || !validPrefix || rest.length > 0))
      throw new Error(`FOLIO_TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses, CIDRs or "loopback", got "${value}"`);
  }
  return entries.join(',');
}

/** The S3-compatible file store, when FOLIO_S3_BUCKET names a bucket (README "Several instances"). */
function s3ConfigOf(env: NodeJS.ProcessEnv): S3StorageConfig | undefined {
  const bucket = env.FOLIO_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.FOLIO_S3_ENDPOINT?.trim() || undefined;
  const accessKeyId = env.FOLIO_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.FOLIO_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('FOLIO_S3_ACCESS_KEY_ID and FOLIO_S3_SECRET_ACCESS_KEY go together');
  const prefix = env.FOLIO_S3_PREFIX?.trim() ?? '';
  return {
    bucket,
    region: env.FOLIO_S3_REGION?.trim() || 'us-east-1',
    endpoint,
    // Self-hosted stores (an endpoint is given) mostly need path-style addresses.
    forcePathStyle: flag(env.FOLIO_S3_FORCE_PATH_STYLE, endpoint !== undefined),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

/**
 * A retention in days (decision 0724): 0 keeps everything. A longer one than a hundred years is refused at start: its
 * cut-off would be before any date the database holds, and every sweep would fail instead of keeping everything.
 */
function keptDays(name: string, value: string | undefined, fallback: number): number {
  const days = integer(name, value, fallback);
  if (days > MAX_KEPT_DAYS) throw new Error(`${name} must be at most ${MAX_KEPT_DAYS} days (a hundred years), got "${value}"; 0 keeps everything`);
  return days;
}

/** Reads the configuration from the environment (README "Configuration"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const workers = integer('FOLIO_WORKERS', env.FOLIO_WORKERS, 1);
  if (workers < 1) throw new Error(`FOLIO_WORKERS must be at least 1, got "${env.FOLIO_WORKERS}"`);
  const serverProcess = Math.max(1, integer('FOLIO_SERVER_PROCESS', env.FOLIO_SERVER_PROCESS, 1));
  // Background work runs once, in the first process, whatever the number of processes.
  const runsBackgroundWork = serverProcess === 1;
  const dataDir = path.resolve(env.FOLIO_DATA_DIR ?? '.data');
  const database: DatabaseTarget = env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  return {
    production,
    host: env.HOST ?? '0.0.0.0',
    port: integer('PORT', env.PORT, 3000),
    database,
    // Production runs demo data only when told to (`npm start` tells it; decision 0171).
    demo: flag(env.FOLIO_DEMO, !production && database.kind === 'pglite'),
    demoExplicit: env.FOLIO_DEMO !== undefined && env.FOLIO_DEMO !== '',
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    s3: s3ConfigOf(env),
    tokenSecret: env.FOLIO_TOKEN_SECRET,
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    mailFrom: env.MAIL_FROM ?? 'Folio <no-reply@folio.test>',
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    trustProxy: trustProxyOf(env.FOLIO_TRUST_PROXY),
    seedOrders: integer('FOLIO_SEED_ORDERS', env.FOLIO_SEED_ORDERS, 30_000),
    invitationHours: Math.max(1, integer('FOLIO_INVITATION_HOURS', env.FOLIO_INVITATION_HOURS, 7 * 24)),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    validateResponses: !production,
    spaDir: production ? path.resolve(env.FOLIO_SPA_DIR ?? 'dist') : undefined,
    rateLimits: {
      signInPerMinute: integer('FOLIO_SIGNIN_PER_MINUTE', env.FOLIO_SIGNIN_PER_MINUTE, 10),
      forgotPasswordPerHour: integer('FOLIO_FORGOT_PER_HOUR', env.FOLIO_FORGOT_PER_HOUR, 5),
      // Per client address: enough for a guest and their retries, too few to test stolen cards (decision 0220).
      guestPaymentsPerTenMinutes: integer('FOLIO_GUEST_PAY_PER_TEN_MINUTES', env.FOLIO_GUEST_PAY_PER_TEN_MINUTES, 20),
    },
    exportWorkers: runsBackgroundWork ? integer('FOLIO_EXPORT_WORKERS', env.FOLIO_EXPORT_WORKERS, 1) : 0,
    workers,
    serverProcess,
    demoPayoutSettleMs: runsBackgroundWork ? integer('FOLIO_DEMO_PAYOUT_SETTLE_MS', env.FOLIO_DEMO_PAYOUT_SETTLE_MS, 10_000) : 0,
    payoutRunMs: runsBackgroundWork ? integer('FOLIO_PAYOUT_RUN_MS', env.FOLIO_PAYOUT_RUN_MS, 60_000) : 0,
    demoAcquirerLatencyMs: integer('FOLIO_DEMO_ACQUIRER_LATENCY_MS', env.FOLIO_DEMO_ACQUIRER_LATENCY_MS, 0),
    listExactCountUpTo: Math.max(1, integer('FOLIO_LIST_EXACT_COUNT_UP_TO', env.FOLIO_LIST_EXACT_COUNT_UP_TO, DEFAULT_EXACT_COUNT_UP_TO)),
    demoRefundUpdateMs: runsBackgroundWork ? integer('FOLIO_DEMO_REFUND_UPDATE_MS', env.FOLIO_DEMO_REFUND_UPDATE_MS, 5_000) : 0,
    settingsKey: env.FOLIO_SETTINGS_KEY || undefined,
    integrations: {
      // A production service must not be steered at its own network; development, tests and the demo talk to local peers.
      allowPrivateTargets: flag(env.FOLIO_ALLOW_PRIVATE_TARGETS, !production || flag(env.FOLIO_DEMO, false)),
      webhookWorkers: runsBackgroundWork ? integer('FOLIO_WEBHOOK_WORKERS', env.FOLIO_WEBHOOK_WORKERS, 1) : 0,
      webhookMaxAttempts: Math.max(1, integer('FOLIO_WEBHOOK_MAX_ATTEMPTS', env.FOLIO_WEBHOOK_MAX_ATTEMPTS, 8)),
      webhookRetryBaseMs: integer('FOLIO_WEBHOOK_RETRY_BASE_MS', env.FOLIO_WEBHOOK_RETRY_BASE_MS, 30_000),
      webhookPollMs: Math.max(50, integer('FOLIO_WEBHOOK_POLL_MS', env.FOLIO_WEBHOOK_POLL_MS, 1000)),
      webhookTimeoutMs: Math.max(100, integer('FOLIO_WEBHOOK_TIMEOUT_MS', env.FOLIO_WEBHOOK_TIMEOUT_MS, 10_000)),
    },
    vacuumOnStart: env.NODE_ENV !== 'test',
    retention: {
      webhookDeliveryDays: keptDays('FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS', env.FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS, DEFAULT_RETENTION.webhookDeliveryDays),
      sentEmailDays: keptDays('FOLIO_KEEP_SENT_EMAILS_DAYS', env.FOLIO_KEEP_SENT_EMAILS_DAYS, DEFAULT_RETENTION.sentEmailDays),
    },
  };
}
