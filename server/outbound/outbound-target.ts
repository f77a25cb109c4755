import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

// Where the server may connect on a merchant's say-so (decision 0283). A webhook URL or an SMTP
// server is typed in by a customer; without a rule the server would call into its own network
// (metadata services, databases, admin ports) and show the answer. So in production a host must
// resolve to public addresses only, checked on the addresses actually dialled (no DNS rebinding).
// Tests, development and the demo allow private targets by configuration (FOLIO_ALLOW_PRIVATE_TARGETS).

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** The 16 bytes of an IPv6 address in any of its written forms (`::`, a dotted IPv4 tail, a zone); undefined when it is none. */
function ipv6Bytes(address: string): Uint8Array | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let text = bare;
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return bytes;
}

const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
const ones = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0xff);
const dottedQuad = (bytes: Uint8Array, at: number) => Array.from(bytes.subarray(at, at + 4)).join('.');

/**
 * The IPv4 address an IPv6 address carries, where the network stack or a relay may deliver it to that IPv4 host:
 * IPv4-compatible `::a.b.c.d` (::/96), IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, and 6to4
 * `2002:AABB:CCDD::` (2002::/16). Written in hex (`::7f00:1`) as URLs write them, they are the same addresses.
 */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes) return undefined;
  if (zeros(bytes, 0, 10) && (zeros(bytes, 10, 12) || ones(bytes, 10, 12))) return dottedQuad(bytes, 12);
  if (zeros(bytes, 0, 8) && ones(bytes, 8, 10) && zeros(bytes, 10, 12)) return dottedQuad(bytes, 12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dottedQuad(bytes, 2);
  return undefined;
}

/** Whether an address is loopback, private, link-local, shared, reserved or multicast, also when an IPv6 address carries it. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 6) {
    const carried = embeddedIpv4(bare);
    if (carried !== undefined) return isPrivateAddress(carried);
  }
  return privateRanges.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** One written form per address, so `::FFFF:c000:202` and `::ffff:192.0.2.2` compare equal. */
function canonical(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const bytes = ipv6Bytes(bare);
  if (!bytes) return bare;
  return embeddedIpv4(bare) ?? Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The server's own addresses on its network interfaces other than loopback (which the ranges refuse): a
 * public address of this machine reaches every port it listens on, so it is no more a public target than 127.0.0.1.
 * Read on each check, since interfaces come and go.
 */
export function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const entry of list ?? []) if (!entry.internal) own.add(canonical(entry.address));
  return own;
}

export function isOwnAddress(address: string, own: Set<string> = ownAddresses()): boolean {
  return isIP(address.replace(/%.*$/, '')) !== 0 && own.has(canonical(address));
}

const OWN_ADDRESS = "this is an address of this server itself; use the receiver's own host";
const PRIVATE_ADDRESS = 'this address is on a private network; use a public host';

/** The code of each refusal literalTargetProblem words, for the forms that save a target (decision 0710). */
export const TARGET_PROBLEM_CODES: Readonly<Record<string, 'outboundTarget.ownAddress' | 'outboundTarget.privateAddress'>> = {
  [OWN_ADDRESS]: 'outboundTarget.ownAddress',
  [PRIVATE_ADDRESS]: 'outboundTarget.privateAddress',
};

/** Refuses at save time what is private on its face: localhost names, literal private addresses and the server's own. */
export function literalTargetProblem(host: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.local') || bare.endsWith('.internal')) return PRIVATE_ADDRESS;
  if (!isIP(bare)) return undefined;
  if (isOwnAddress(bare)) return OWN_ADDRESS;
  if (isPrivateAddress(bare)) return PRIVATE_ADDRESS;
  return undefined;
}

export interface Target {
  address: string;
  family: 4 | 6;
  /**
   * Whether the address is private or this server's own (possible only where private targets are allowed: the demo,
   * development). What such a target answers is kept to its status (decision 0382): a demo must not read local services.
   */
  isPrivate: boolean;
}

/** The address to dial for a host: resolved once, every answer checked unless private targets are allowed. */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<Target> {
  const bare = host.replace(/^\[|\]$/g, '');
  const answers = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : await lookup(bare, { all: true, verbatim: true });
  if (answers.length === 0) throw new TargetRefused(`${host} does not resolve`);
  if (!allowPrivate) {
    const own = ownAddresses();
    if (answers.some((answer) => isOwnAddress(answer.address, own)))
      throw new TargetRefused(`${host} resolves to an address of this server itself; only other public hosts are reached`);
    if (answers.some((answer) => isPrivateAddress(answer.address)))
      throw new TargetRefused(`${host} resolves to a private network address; only public hosts are reached`);
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4, isPrivate: isPrivateAddress(first.address) || isOwnAddress(first.address) };
}
