import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problems, sendProblem } from './problem';

// The built SPA in production (issue 13 "First load"):
// - Files under /assets/ carry a content hash in their name, so a browser may keep them for a year
//   without asking again; a new build has new names.
// - index.html (and every client-side route, which gets index.html) is revalidated on every load
//   (`no-cache`: the ETag makes that a 304 when nothing changed), so a deploy is seen at once.
// - The build wrote `.br` and `.gz` beside each text file (vite.config.ts); the one the browser
//   accepts is sent as it is, with `Vary: Accept-Encoding`.

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const ASSETS_PREFIX = '/assets/';
const API_PREFIXES = ['/api/', '/identity/', '/folio/', '/backoffice/', '/health', '/files/'];

/** A path of the SPA (its files, or a client-side route that gets index.html) rather than of the API. */
export function isSpaPath(url: string): boolean {
  return !API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Hashed build files (under assets/) never change; everything else (index.html, public/ files) is asked again. */
function cacheControlFor(spaDir: string, filePath: string): string {
  return path.relative(spaDir, filePath).startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE;
}

export async function registerSpaAssets(app: FastifyInstance, spaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: spaDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // @fastify/static 9 (the line that runs on Node 20) names the file sent, not the request.
    // It also leaves Vary to us: the same address is sent brotli, gzip or plain by Accept-Encoding.
    setHeaders: (response, filePath) => {
      response.setHeader('cache-control', cacheControlFor(spaDir, filePath));
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  // Client-side routes: any GET that is neither an API path nor a built file gets the SPA's
  // index.html. A missing /assets/ file (a chunk of an older build) is a 404, not HTML the browser
  // would try to run. A catch-all route rather than a second not-found handler, which Fastify
  // refuses (installProblemHandlers set one).
  app.get('/*', (request, reply) => {
    if (!isSpaPath(request.url) || request.url.startsWith(ASSETS_PREFIX))
      return sendProblem(reply, problems.notFound(`no route ${request.method} ${request.url.split('?')[0]}`).problem);
    return reply.type('text/html').sendFile('index.html');
  });
}
