import type { FastifyInstance } from 'fastify';

// The security headers every answer carries: helmet's defaults, as @fastify/helmet set them before
// (tests/foundation/security-headers.test.ts holds the two lists to what that plugin answers). The
// plugin built a new helmet middleware chain for every request (parsing its policy each time) in two
// hooks, one of them async: about 2 % of the server's CPU per browsing call (decision 0635). The headers
// are fixed, so they are written once here and set on each answer. Outside production there is no
// Content-Security-Policy (Vite's dev server injects inline scripts).

const SAME_EVERYWHERE: ReadonlyArray<readonly [string, string]> = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

export const CONTENT_SECURITY_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;" +
  "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests";

/** The headers of every answer; a route may still set its own (a stricter policy on a file it serves). */
export function securityHeaders(production: boolean): ReadonlyArray<readonly [string, string]> {
  return production ? [['content-security-policy', CONTENT_SECURITY_POLICY], ...SAME_EVERYWHERE] : SAME_EVERYWHERE;
}

export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  // On the raw answer, as helmet did: set before any handler runs, so a route's own value replaces it.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
