import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where the platform may connect to (gateway routes, webhooks, the SMS gateway, OAuth, CAS, SMTP,
 * data sources): any public address, and loopback, private, link-local and other non-public
 * addresses only when the operator lists them in OUTBOUND_ALLOW. A host name is resolved here and
 * every address it gives is judged; the caller then connects to those very addresses (never
 * resolving again), so a DNS answer cannot change between the check and the connection.
 */

/** Why an address is not reached without OUTBOUND_ALLOW. */
export type AddressKind = 'unspecified' | 'loopback' | 'private' | 'shared' | 'link-local' | 'multicast' | 'reserved';

/** An address a caller may connect to: checked, in the form `net.connect` takes. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export interface DestinationPolicy {
  /**
   * The addresses `hostname` (a URL's hostname: IPv6 in brackets or not) may be reached at: the
   * literal itself, or every address DNS gives for the name. Refuses with `DestinationRefusedError`
   * when any of them is one the policy does not allow.
   */
  resolve(hostname: string): Promise<CheckedAddress[]>;
}

const kindText: Record<AddressKind, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private address',
  shared: 'a shared (carrier-grade NAT) address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** A destination the policy does not allow; the message names the host, the address and why. */
export class DestinationRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    const what = host === address ? `${address} is ${kindText[kind]}` : `${host} resolves to ${address}, ${kindText[kind]}`;
    super(`${what}; the platform connects to such addresses only when OUTBOUND_ALLOW lists them`);
  }
}

/** An address as 4 or 16 bytes. */
interface Bytes {
  family: 4 | 6;
  bytes: number[];
}

const ipv4Bytes = (text: string): number[] | null => {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
};

const ipv6Bytes = (text: string): number[] | null => {
  // A zone (fe80::1%eth0) says which interface, not which address.
  let head = text.split('%')[0] ?? '';
  if (isIP(head) !== 6) return null;
  const tailStart = head.lastIndexOf(':') + 1;
  if (head.slice(tailStart).includes('.')) {
    const v4 = ipv4Bytes(head.slice(tailStart));
    if (!v4) return null;
    head = `${head.slice(0, tailStart)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const gap = head.indexOf('::');
  const left = groups(gap === -1 ? head : head.slice(0, gap));
  const right = gap === -1 ? [] : groups(head.slice(gap + 2));
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return null;
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
};

/** A literal address (IPv6 with or without brackets) as bytes; an IPv4-mapped IPv6 address is the IPv4 address it maps. */
const bytesOf = (literal: string): Bytes | null => {
  const text = literal.replace(/^\[(.*)\]$/, '$1');
  const v4 = ipv4Bytes(text);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = ipv6Bytes(text);
  if (!v6) return null;
  if (v6.slice(0, 10).every((byte) => byte === 0) && v6[10] === 0xff && v6[11] === 0xff) return { family: 4, bytes: v6.slice(12) };
  return { family: 6, bytes: v6 };
};

interface Range {
  family: 4 | 6;
  bytes: number[];
  prefix: number;
}

const inRange = (address: Bytes, range: Range): boolean => {
  if (address.family !== range.family) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const left = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    if (((address.bytes[bit / 8] ?? 0) & mask) !== ((range.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
};

const range = (cidr: string): Range => {
  const [literal = '', prefix] = cidr.split('/');
  const parsed = bytesOf(literal);
  if (!parsed) throw new Error(`not an address: ${literal}`);
  return { ...parsed, prefix: Number(prefix) };
};

/** Every address that is not a public one, and what it is (IANA special-purpose registries). */
const nonPublic: [AddressKind, Range][] = (
  [
    ['unspecified', '0.0.0.0/8'],
    ['private', '10.0.0.0/8'],
    ['shared', '100.64.0.0/10'],
    ['loopback', '127.0.0.0/8'],
    ['link-local', '169.254.0.0/16'],
    ['private', '172.16.0.0/12'],
    ['reserved', '192.0.0.0/24'],
    ['private', '192.168.0.0/16'],
    ['reserved', '198.18.0.0/15'],
    ['multicast', '224.0.0.0/4'],
    ['reserved', '240.0.0.0/4'],
    ['unspecified', '::/128'],
    ['loopback', '::1/128'],
    ['private', '64:ff9b:1::/48'],
    ['reserved', '100::/64'],
    ['private', 'fc00::/7'],
    ['link-local', 'fe80::/10'],
    ['private', 'fec0::/10'],
    ['multicast', 'ff00::/8'],
  ] as const
).map(([kind, cidr]) => [kind, range(cidr)]);

/**
 * The IPv4 address an IPv6 address carries and that a packet to it reaches: IPv4-compatible
 * (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). IPv4-mapped addresses are
 * IPv4 already (`bytesOf`).
 */
const embeddedIpv4 = (address: Bytes): Bytes | null => {
  if (address.family !== 6) return null;
  const b = address.bytes;
  if (b.slice(0, 12).every((byte) => byte === 0) && !b.slice(12, 15).every((byte) => byte === 0)) return { family: 4, bytes: b.slice(12) };
  if (inRange(address, range('64:ff9b::/96'))) return { family: 4, bytes: b.slice(12) };
  if (b[0] === 0x20 && b[1] === 0x02) return { family: 4, bytes: b.slice(2, 6) };
  return null;
};

const kindOf = (address: Bytes): AddressKind | null => nonPublic.find(([, block]) => inRange(address, block))?.[0] ?? null;

/** Why `literal` is not a public address, or null when it is one; throws when it is no address. */
export const addressKind = (literal: string): AddressKind | null => {
  const address = bytesOf(literal);
  if (!address) throw new Error(`not an address: ${literal}`);
  const embedded = embeddedIpv4(address);
  return kindOf(address) ?? (embedded ? kindOf(embedded) : null);
};

/** One OUTBOUND_ALLOW entry: an address range, or a host name allowed whatever it resolves to. */
type AllowEntry = { range: Range } | { host: string };

const hostName = /^(?=.{1,253}\.?$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;
const normalHost = (host: string): string => host.toLowerCase().replace(/\.$/, '');

/** One entry of OUTBOUND_ALLOW (`10.0.0.0/8`, `127.0.0.1`, `::1`, `[fd00::]/8`, `sms.internal`), or null when it is none. */
const allowEntryOf = (entry: string): AllowEntry | null => {
  const [literal = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const address = bytesOf(literal);
  if (address) {
    const bits = address.family === 4 ? 32 : 128;
    if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
    // A mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
    const length = prefix === undefined ? bits : address.family === 4 && literal.includes(':') ? Number(prefix) - 96 : Number(prefix);
    return length >= 0 && length <= bits ? { range: { ...address, prefix: length } } : null;
  }
  return prefix === undefined && hostName.test(entry) && isIP(entry) === 0 && !/^[\d.]+$/.test(entry) ? { host: normalHost(entry) } : null;
};

/** The entries of OUTBOUND_ALLOW that are neither an address, a range nor a host name (for the config's refusal). */
export const invalidAllowEntries = (entries: readonly string[]): string[] => entries.filter((entry) => allowEntryOf(entry) === null);

/** How a host name is resolved: the system's resolver (getaddrinfo, /etc/hosts included), every address. */
export type HostLookup = (hostname: string) => Promise<CheckedAddress[]>;
const systemLookup: HostLookup = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** The policy of OUTBOUND_ALLOW (`allow`: its entries; empty: public addresses only). */
export function createDestinationPolicy(allow: readonly string[], resolveHost: HostLookup = systemLookup): DestinationPolicy {
  const entries = allow.map((entry) => {
    const parsed = allowEntryOf(entry);
    if (!parsed) throw new Error(`OUTBOUND_ALLOW: "${entry}" is neither an address, a range nor a host name`);
    return parsed;
  });
  const ranges = entries.flatMap((entry) => ('range' in entry ? [entry.range] : []));
  const hosts = new Set(entries.flatMap((entry) => ('host' in entry ? [entry.host] : [])));
  const allowed = (literal: string): boolean => {
    const address = bytesOf(literal);
    if (!address) return false;
    const embedded = embeddedIpv4(address);
    return ranges.some((block) => inRange(address, block) || (embedded !== null && inRange(embedded, block)));
  };
  const judge = (host: string, found: CheckedAddress): void => {
    const kind = addressKind(found.address);
    if (kind !== null && !allowed(found.address)) throw new DestinationRefusedError(host, found.address, kind);
  };

  return {
    async resolve(hostname) {
      const host = hostname.replace(/^\[(.*)\]$/, '$1');
      const family = isIP(host);
      if (family !== 0) {
        const found: CheckedAddress = { address: host, family: family === 6 ? 6 : 4 };
        judge(host, found);
        return [found];
      }
      const addresses = await resolveHost(host);
      // The operator named this host: whatever it resolves to is meant.
      if (hosts.has(normalHost(host))) return addresses;
      for (const found of addresses) judge(host, found);
      return addresses;
    },
  };
}
