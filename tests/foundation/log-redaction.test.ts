import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { redactedUrl } from '../../server/http/log-redaction';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';

// Decision 0346: the request log keeps no key to anyone's money or account: not a password-reset or
// invitation token in a query, not a payment link's token, not an export's signed download.

describe('the address the request log keeps', () => {
  it('drops every query value and the tokens of payment links and exports, keeping what was asked', () => {
    expect(redactedUrl('/create-password?token=SECRETRESETTOKEN123')).toBe('/create-password?token=[redacted]');
    expect(redactedUrl('/pay/Xk2-token_value')).toBe('/pay/[redacted]');
    expect(redactedUrl('/pay/api/v1/links/Xk2-token_value/pay')).toBe('/pay/api/v1/links/[redacted]/pay');
    expect(redactedUrl('/backoffice/api/v2/export-files/abc123?expires=1700000000&sig=deadbeef')).toBe(
      '/backoffice/api/v2/export-files/[redacted]?expires=[redacted]&sig=[redacted]',
    );
    expect(redactedUrl('/folio/payment-api/v2/payouts/export/stop/abc123')).toBe('/folio/payment-api/v2/payouts/export/stop/[redacted]');
    expect(redactedUrl('/backoffice/api/v2/order/export')).toBe('/backoffice/api/v2/order/export');
    expect(redactedUrl('/backoffice/api/v2/order/search')).toBe('/backoffice/api/v2/order/search');
  });
});

describe('a server logging its requests', () => {
  let app: FastifyInstance;
  const written: string[] = [];
  beforeAll(async () => {
    const config = configFromEnv({ NODE_ENV: 'test', FOLIO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'folio-log-')), LOG_LEVEL: 'info' });
    app = await buildApp({ ...config, database: { kind: 'pglite', dataDir: 'memory' }, seedOrders: 0 }, { logStream: { write: (line) => written.push(line) } });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('writes the addresses without their secrets', async () => {
    await app.inject({ method: 'GET', url: '/create-password?token=SECRETRESETTOKEN123' });
    await app.inject({ method: 'GET', url: '/pay/api/v1/links/SECRETLINKTOKEN456' });
    const log = written.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/pay/api/v1/links/[redacted]');
    expect(log).not.toContain('SECRETRESETTOKEN123');
    expect(log).not.toContain('SECRETLINKTOKEN456');
  });
});
