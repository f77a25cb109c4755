import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { secretKey } from './auth/tokens';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemo, seedRoles } from './db/seed/seed-demo';
import { localFileStorage } from './files/storage';
import { installProblemHandlers } from './http/problem';
import { createMailer } from './mail/mailer';
import { registerModules } from './modules';

/** Demo and development keep a generated secret in the data directory; production must set one. */
function tokenSecret(config: Config): string {
  if (config.tokenSecret) return config.tokenSecret;
  if (config.production && !config.demo) throw new Error('FOLIO_TOKEN_SECRET must be set in production');
  const file = path.join(config.dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface BuildOptions {
  /** Reuse an open database (tests share one PGlite per file). */
  db?: Db;
  /** Skip migrations and seeding (the caller did them). */
  prepared?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const db = options.db ?? openDatabase(config.database);
  if (!options.prepared) {
    const applied = await migrateToLatest(db as never);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    // Roles and their permissions are reference data every database needs; demo data only in demo mode.
    if (config.demo) await seedDemo(db, { orders: config.seedOrders, log: app.log });
    else await seedRoles(db);
  }
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(db, config.smtpUrl, config.mailFrom),
    files: localFileStorage(config.filesDir),
    tokenKey: secretKey(tokenSecret(config)),
    log: app.log,
  };
  app.decorate('ctx', ctx);

  await app.register(helmet, { contentSecurityPolicy: config.production ? undefined : false });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(rateLimit, { global: false });
  installProblemHandlers(app);
  registerModules(app);

  if (config.spaDir && existsSync(config.spaDir)) {
    await app.register(fastifyStatic, { root: config.spaDir, wildcard: false });
    // Client-side routes: any GET that is not an API path gets the SPA's index.html. A catch-all
    // route rather than a second not-found handler, which Fastify refuses (installProblemHandlers set one).
    const apiPrefixes = ['/api/', '/identity/', '/folio/', '/backoffice/', '/health', '/files/'];
    app.get('/*', (request, reply) => {
      const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
      if (!isApi) return reply.type('text/html').sendFile('index.html');
      return reply
        .status(404)
        .type('application/problem+json')
        .send({ type: 'https://folio.test/problems/not-found', title: 'Not found', status: 404, detail: `no route ${request.method} ${request.url.split('?')[0]}` });
    });
  }

  app.addHook('onClose', async () => {
    if (!options.db) await db.destroy();
  });
  return app;
}
