import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdownSubset } from '../../server/docs/markdown-index';
import { signIn, startTestApp } from '../support/test-app';

// Issue 11: the built product serves docs/statecharts to provider staff, checked by the server.
let app: FastifyInstance;
let staff: Record<string, string>;
let merchant: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ orders: 10 });
  staff = (await signIn(app, 'foliouser@demo.folio.test')).cookies;
  merchant = (await signIn(app, 'merchantadmin@demo.folio.test')).cookies;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, cookies?: Record<string, string>, accept = 'text/html') => app.inject({ method: 'GET', url, cookies, headers: { accept } });

describe('statecharts for provider staff', () => {
  it('shows provider staff the index with a link to every diagram, and the diagrams themselves', async () => {
    const index = await get('/docs/statecharts', staff);
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toContain('<h1>Statecharts</h1>');
    for (const machine of ['session', 'wizard', 'exportTracker', 'onboardingLifecycle'])
      expect(index.body).toContain(`href="/docs/statecharts/${machine}.svg"`);
    // Links the product does not serve (the machines' source files) stay plain text.
    expect(index.body).not.toContain('href="../../machines');
    const svg = await get('/docs/statecharts/session.svg', staff, 'image/svg+xml');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.body).toContain('<svg');
  });

  it('sends a signed-out visitor to sign in and back, and refuses a call without a session', async () => {
    const page = await get('/docs/statecharts');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/sign-in?callbackUrl=%2Fdocs%2Fstatecharts');
    const file = await get('/docs/statecharts/session.svg', undefined, 'image/svg+xml');
    expect(file.statusCode).toBe(401);
    expect(file.headers['content-type']).toMatch(/problem\+json/);
  });

  it('refuses merchant-side users, for the page and for every file', async () => {
    const page = await get('/docs/statecharts', merchant);
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain('session.svg');
    const file = await get('/docs/statecharts/session.svg', merchant, '*/*');
    expect(file.statusCode).toBe(403);
    expect(file.body).not.toContain('<svg');
  });

  it('serves only the diagram files by their exact names', async () => {
    for (const url of ['/docs/statecharts/README.md', '/docs/statecharts/..%2F..%2Fpackage.json', '/docs/statecharts/%2e%2e', '/docs/statecharts/nope.svg'])
      expect((await get(url, staff, '*/*')).statusCode, url).toBe(404);
  });
});

describe('the index renderer', () => {
  it('escapes what it renders and keeps only the links it is given addresses for', () => {
    const html = renderMarkdownSubset('# A <b>\n\n| x | y |\n| --- | --- |\n| `<i>` | [go](a.svg) [no](b.ts) |', (href) =>
      href === 'a.svg' ? '/d/a.svg' : undefined,
    );
    expect(html).toContain('<h1>A &lt;b&gt;</h1>');
    expect(html).toContain('<td><code>&lt;i&gt;</code></td>');
    expect(html).toContain('<a href="/d/a.svg">go</a> no');
  });
});
