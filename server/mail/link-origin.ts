import { BlockList, isIPv6, type AddressInfo } from 'node:net';
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

const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');
const proxyLists = new Map<string, BlockList>();

/** The FOLIO_TRUST_PROXY list (addresses, CIDRs, `loopback`) as a matcher, built once. */
function proxyList(setting: string): BlockList {
  let list = proxyLists.get(setting);
  if (list) return list;
  list = new BlockList();
  for (const entry of setting
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  proxyLists.set(setting, list);
  return list;
}

/** Whether the peer on the other end of the socket is a proxy FOLIO_TRUST_PROXY names (Fastify applies the same rule). */
export function peerIsTrustedProxy(trustProxy: Config['trustProxy'], remoteAddress: string | undefined): boolean {
  if (trustProxy === 1) return true;
  if (trustProxy === false || !remoteAddress) return false;
  const address = remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return proxyList(trustProxy).check(address, family(address));
}

function lastEntry(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(',').at(-1)?.trim();
}

/**
 * What a trusted proxy forwarded as the address the user opened: X-Forwarded-Host (required) and
 * X-Forwarded-Proto, used only when they form a plain http(s) origin. A request straight from a
 * client, or a proxy that forwards no host, gives nothing: the Host header is never used.
 */
function forwardedOrigin(config: Config, request: FastifyRequest): string | undefined {
  if (!peerIsTrustedProxy(config.trustProxy, request.socket.remoteAddress)) return undefined;
  const host = lastEntry(request.headers['x-forwarded-host']);
  const protocol = (lastEntry(request.headers['x-forwarded-proto']) ?? 'http').toLowerCase();
  if (!host || !HOST_AND_PORT.test(host)) return undefined;
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/** PUBLIC_URL; else, behind a trusted proxy, what it forwarded; else the server's own address. */
export function linkOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? forwardedOrigin(config, request) ?? ownOrigin(config, request.server.server.address());
}
