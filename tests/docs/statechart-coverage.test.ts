import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, startTestApp } from '../support/test-app';

// Issue 20: the statechart index links each machine's recorded browser coverage diagram, and the
// product serves it to provider staff like the diagrams themselves.
let app: FastifyInstance;
let staff: Record<string, string>;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-statecharts-'));
  mkdirSync(path.join(dir, 'coverage'));
  writeFileSync(
    path.join(dir, 'README.md'),
    '# Statecharts\n\n| Machine | Diagram | Browser coverage |\n| --- | --- | --- |\n| `wizard` | [wizard.svg](wizard.svg) | [coverage/wizard.svg](coverage/wizard.svg) |\n',
  );
  writeFileSync(path.join(dir, 'wizard.svg'), '<svg id="plain"/>');
  writeFileSync(path.join(dir, 'coverage', 'wizard.svg'), '<svg id="coverage"/>');
  process.env.FOLIO_STATECHARTS_DIR = dir;
  app = await startTestApp({ orders: 10 });
  staff = (await signIn(app, 'foliouser@demo.folio.test')).cookies;
}, 120_000);
afterAll(async () => {
  delete process.env.FOLIO_STATECHARTS_DIR;
  await app.close();
});

it('links and serves the recorded coverage diagram, and nothing else under coverage/', async () => {
  const index = await app.inject({ method: 'GET', url: '/docs/statecharts', cookies: staff, headers: { accept: 'text/html' } });
  expect(index.body).toContain('href="/docs/statecharts/coverage/wizard.svg"');
  const coverage = await app.inject({ method: 'GET', url: '/docs/statecharts/coverage/wizard.svg', cookies: staff });
  expect(coverage.statusCode).toBe(200);
  expect(coverage.body).toBe('<svg id="coverage"/>');
  for (const url of ['/docs/statecharts/coverage/nope.svg', '/docs/statecharts/coverage/..%2Fwizard.svg', '/docs/statecharts/coverage/%2e%2e'])
    expect((await app.inject({ method: 'GET', url, cookies: staff })).statusCode, url).toBe(404);
  const anonymous = await app.inject({ method: 'GET', url: '/docs/statecharts/coverage/wizard.svg' });
  expect(anonymous.statusCode).toBe(401);
});
