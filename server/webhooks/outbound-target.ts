import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

/** Whether an address is loopback, private, link-local, shared, reserved or multicast. */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Refuses at save time what is private on its face: localhost names and literal private addresses. */
export function literalTargetProblem(host: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.local') || bare.endsWith('.internal'))
    return 'this address is on a private network; use a public host';
  if (isIP(bare) && isPrivateAddress(bare)) return 'this address is on a private network; use a public host';
  return undefined;
}

/** The address to dial for a host: resolved once, every answer checked unless private targets are allowed. */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const answers = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : await lookup(bare, { all: true, verbatim: true });
  if (answers.length === 0) throw new TargetRefused(`${host} does not resolve`);
  if (!allowPrivate && answers.some((answer) => isPrivateAddress(answer.address)))
    throw new TargetRefused(`${host} resolves to a private network address; only public hosts are reached`);
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
