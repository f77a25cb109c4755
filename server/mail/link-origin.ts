import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Where links in e-mails point (docs/decisions/0172-email-link-origin.md). A link is only as
// trustworthy as its origin: taken from a request's Host or X-Forwarded-* headers, anyone could send
// a victim a real reset token on a link to their own site. So the origin comes from configuration.

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port: nothing else. */
const HOST_AND_PORT = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const EVERY_INTERFACE = ['0.0.0.0', '::', ''];

/** The server's own address: http://localhost:PORT when it listens on every interface, else http://HOST:PORT. */
export function ownOrigin(config: Pick<Config, 'host' | 'port'>, listening?: AddressInfo | string | null): string {
  const port = listening && typeof listening === 'object' ? listening.port : config.port;
  const host = EVERY_INTERFACE.includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * What a trusted proxy forwarded (Fastify reads X-Forwarded-Proto/-Host only from peers that
 * FOLIO_TRUST_PROXY names), used only when it is a plain http(s) origin.
 */
function forwardedOrigin(request: FastifyRequest): string | undefined {
  const protocol = request.protocol?.trim().toLowerCase();
  const host = request.host.trim();
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  if (!HOST_AND_PORT.test(host)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/** PUBLIC_URL; else, behind a trusted proxy, what it forwarded; else the server's own address. */
export function linkOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.trustProxy !== false) {
    const forwarded = forwardedOrigin(request);
    if (forwarded) return forwarded;
  }
  return ownOrigin(config, request.server.server.address());
}
