import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { browserClaims, isSessionLive } from '../auth/browser-session';
import { isProviderStaff, loadCaller } from '../auth/caller';
import { problems } from '../http/problem';
import { renderMarkdownSubset } from './markdown-index';

// Product owners read the statechart diagrams without a checkout (issue 11; decision 0199): the
// built product serves docs/statecharts (its README index as a page, and the diagrams) at
// /docs/statecharts to provider staff. The check is the server's: a live session (the browser's
// access-token cookie, as for file links) of a provider-side user; nobody else gets a byte.

export const STATECHARTS_PATH = '/docs/statecharts';
const FILE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.mmd': 'text/plain; charset=utf-8' };
// The diagrams are ours, but an SVG opened directly is a document: it may not run script or load anything.
const LOCKED_DOWN = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** The directory the product serves; `FOLIO_STATECHARTS_DIR` moves it, the repository's docs/statecharts by default. */
export function statechartsDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.FOLIO_STATECHARTS_DIR ?? 'docs/statecharts');
}

const DIAGRAM_NAME = /^[A-Za-z0-9-]+\.(svg|mmd)$/;
const COVERAGE_DIR = 'coverage';

/**
 * The files that may be served, by exact relative name: the diagrams and their sources present in the
 * directory, and the browser coverage diagrams recorded in its coverage/ folder.
 */
function servedFiles(dir: string): Set<string> {
  const names = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((name) => DIAGRAM_NAME.test(name)) : []);
  return new Set([...names(dir), ...names(path.join(dir, COVERAGE_DIR)).map((name) => `${COVERAGE_DIR}/${name}`)]);
}

async function requireProviderStaff(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const claims = await browserClaims(ctx, request);
  const caller = claims && (await isSessionLive(ctx.db, claims.sessionId)) ? await loadCaller(ctx.db, claims.userId, claims.sessionId) : undefined;
  if (!caller) {
    // A person following the documented address is sent to sign in and brought back.
    if (request.headers.accept?.includes('text/html')) {
      await reply.redirect(`/sign-in?callbackUrl=${encodeURIComponent(request.url)}`);
      return false;
    }
    throw problems.unauthorized('sign in to read the statecharts');
  }
  if (!isProviderStaff(caller)) {
    if (request.headers.accept?.includes('text/html')) {
      await reply
        .code(403)
        .header('content-security-policy', LOCKED_DOWN)
        .type('text/html; charset=utf-8')
        .send(page('<h1>Not for this account</h1><p>The statecharts are for provider staff.</p><p><a href="/">Back to Folio</a></p>'));
      return false;
    }
    throw problems.forbidden('the statecharts are for provider staff');
  }
  return true;
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Folio statecharts</title>
<style>body{font-family:Helvetica,Arial,sans-serif;margin:2rem;max-width:80rem;color:#0f172a}table{border-collapse:collapse}th,td{border:1px solid #cbd5e1;padding:.4rem .6rem;text-align:left;vertical-align:top}a{color:#0f3d5e}code{background:#f1f5f9;padding:0 .2rem}</style>
</head><body><main>
${body}
</main></body></html>`;
}

export function registerStatechartRoutes(app: FastifyInstance, dir = statechartsDir()): void {
  const ctx = app.ctx;
  app.get(STATECHARTS_PATH, async (request, reply) => {
    if (!(await requireProviderStaff(ctx, request, reply))) return reply;
    const files = servedFiles(dir);
    const readme = existsSync(path.join(dir, 'README.md'))
      ? await readFile(path.join(dir, 'README.md'), 'utf8')
      : '# Statecharts\n\nNo diagrams in this build.';
    const body = renderMarkdownSubset(readme, (href) => (files.has(href) ? `${STATECHARTS_PATH}/${href}` : undefined));
    return reply.header('content-security-policy', LOCKED_DOWN).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(body));
  });
  const serveFile = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
    if (!(await requireProviderStaff(ctx, request, reply))) return reply;
    if (!servedFiles(dir).has(file)) throw problems.notFound(`no statechart file ${file}`);
    const type = FILE_TYPES[path.extname(file)] ?? 'application/octet-stream';
    return reply
      .header('content-security-policy', LOCKED_DOWN)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type(type)
      .send(await readFile(path.join(dir, file)));
  };
  app.get<{ Params: { file: string } }>(`${STATECHARTS_PATH}/:file`, (request, reply) => serveFile(request, reply, request.params.file));
  app.get<{ Params: { file: string } }>(`${STATECHARTS_PATH}/${COVERAGE_DIR}/:file`, (request, reply) =>
    serveFile(request, reply, `${COVERAGE_DIR}/${request.params.file}`),
  );
}
