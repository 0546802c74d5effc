import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// No server-side request forgery (docs/operations.md 'Webhooks', SECURITY.md): an admin types
// the address, but the hub must not become a way into its own network. The host is resolved at
// every delivery and the delivery connects to exactly the address checked here, so a name that
// resolves outward when saved and inward later is refused when it does.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefused';
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // 'this network', 0.0.0.0 included
  ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata service 169.254.169.254 among them
  ['192.0.0.0', 24], ['198.18.0.0', 15], // IETF protocol assignments, benchmarking
  ['224.0.0.0', 4], ['240.0.0.0', 4], // multicast, reserved and broadcast
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible forms
  ['fe80::', 10], // link-local
  ['fc00::', 7], // unique-local, fd00::/8 among them
  ['ff00::', 8], // multicast
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** The 8 groups of an IPv6 address, '::' and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === null ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
}

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64), or null. */
function embeddedIpv4(groups: number[]): string | null {
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** Why the hub will not connect to this address, or null when it may. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    const inner = embeddedIpv4(ipv6Groups(address));
    if (inner) return forbiddenAddress(inner) && `${address} (${inner}) is a loopback, private, link-local or reserved address`;
  }
  return blocked.check(address.replace(/%.*$/, ''), family === 4 ? 'ipv4' : 'ipv6') ? `${address} is a loopback, private, link-local or reserved address` : null;
}

/** HUB_WEBHOOK_ALLOW_HOSTS: comma-separated host names or addresses, compared lower-case. */
export function parseAllowHosts(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((h) => bareHost(h.trim())).filter(Boolean))];
}

const bareHost = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export const isAllowedHost = (url: URL, allowHosts: readonly string[]) => allowHosts.includes(bareHost(url.hostname));

/**
 * What is wrong with an address an admin types, or null. Plain http only to an allowed host; an
 * address literal is checked now too, names at every delivery.
 */
export function urlProblem(url: URL, allowHosts: readonly string[]): 'https' | 'credentials' | 'internal' | null {
  if (url.username || url.password) return 'credentials';
  if (isAllowedHost(url, allowHosts)) return null;
  if (url.protocol !== 'https:') return 'https';
  const host = bareHost(url.hostname);
  if (isIP(host) && forbiddenAddress(host)) return 'internal';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'internal';
  return null;
}

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * The one address this delivery connects to: the host's, each of whose addresses must pass (one
 * inward answer among outward ones refuses the delivery, as a rebinding name would give).
 */
export async function checkedAddress(url: URL, allowHosts: readonly string[], resolve: Resolve): Promise<ResolvedAddress> {
  const problem = urlProblem(url, allowHosts);
  if (problem) throw new AddressRefused(problem === 'https' ? 'only https is sent to a host not in HUB_WEBHOOK_ALLOW_HOSTS' : `the address is refused (${problem})`);
  const host = bareHost(url.hostname);
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolve(host);
  if (addresses.length === 0) throw new AddressRefused(`${host} has no address`);
  if (!isAllowedHost(url, allowHosts)) {
    for (const { address } of addresses) {
      const why = forbiddenAddress(address);
      if (why) throw new AddressRefused(`${host} resolves to ${why}`);
    }
  }
  return addresses[0];
}
