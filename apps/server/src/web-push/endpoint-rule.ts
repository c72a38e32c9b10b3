/**
 * Where the server may send a push (ADR 0017). A push endpoint comes from a
 * customer's browser, that is from anyone, and the server POSTs to it: so it
 * must be https on a public host, or the server could be made to call into
 * its own network. Origins of PUSH_ENDPOINT_ALLOWLIST (a test's stand-in push
 * service) are let through as they are.
 */
import dns from 'node:dns';
import net from 'node:net';
import { pushMessages } from '@storedesk/shared/push/schemas';

function blockList(type: 'ipv4' | 'ipv6', ranges: Array<[string, number]>): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, type);
  return list;
}

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const nonPublicV4 = blockList('ipv4', [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
]);

/**
 * Only global unicast IPv6 (2000::/3) is public. Everything else is refused:
 * loopback, unspecified, IPv4-mapped and -translated (::ffff:0:0/96,
 * 64:ff9b::/96, which could name a private IPv4 address), unique-local
 * (fc00::/7), link-local (fe80::/10) and multicast.
 */
const globalUnicastV6 = blockList('ipv6', [['2000::', 3]]);
const nonPublicV6 = blockList('ipv6', [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address of any kind
  ['3fff::', 20], // documentation
]);

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const type = net.isIP(address);
  if (type === 4) return !nonPublicV4.check(address, 'ipv4');
  if (type === 6) return globalUnicastV6.check(address, 'ipv6') && !nonPublicV6.check(address, 'ipv6');
  return false;
}

/** Names that only mean something inside a network (RFC 6761, 6762, 8375), never a push service's. */
const localSuffixes = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/** Whether a URL's hostname (as URL gives it: lower case, IPv6 in brackets) is a public host. */
export function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return isPublicAddress(hostname.slice(1, -1));
  // URL turns every IPv4 form (0x7f.1, 2130706433, …) into dotted decimal.
  if (net.isIP(hostname) === 4) return isPublicAddress(hostname);
  const name = hostname.replace(/\.$/, '');
  // A single label (localhost, intranet) is resolved against the server's own search domains.
  if (!name.includes('.')) return false;
  return !localSuffixes.some((suffix) => name.endsWith(suffix));
}

/** The origins of PUSH_ENDPOINT_ALLOWLIST, as URL gives them. */
export type EndpointAllowlist = ReadonlySet<string>;

/**
 * Why the server will not send to this endpoint, or null when it will: an
 * absolute https URL without credentials on a public host, or any URL of an
 * allow-listed origin (still without credentials).
 */
export function endpointRefusal(endpoint: string, allowlist: EndpointAllowlist): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return pushMessages.endpointNotUrl;
  }
  if (url.username || url.password) return pushMessages.endpointCredentials;
  if (allowlist.has(url.origin)) return null;
  if (url.protocol !== 'https:') return pushMessages.endpointNotHttps;
  if (!isPublicHost(url.hostname)) return pushMessages.endpointPrivateHost;
  return null;
}

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/** The system's resolver (hosts file included), as the sender's sockets use it. */
export const systemResolver: ResolveHost = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why the server will not take this endpoint when it is registered, or null: the rule of
 * endpointRefusal, and then where its host name points now, which must be public addresses only
 * (ADR 0059). A name that does not resolve is taken: it reaches nothing now, and the sender's lookup
 * judges it again at every connection. Allow-listed origins and IP literals are not looked up.
 */
export async function registrationRefusal(
  endpoint: string,
  allowlist: EndpointAllowlist,
  resolve: ResolveHost = systemResolver,
): Promise<string | null> {
  const refusal = endpointRefusal(endpoint, allowlist);
  if (refusal !== null) return refusal;
  const { origin, hostname } = new URL(endpoint);
  if (allowlist.has(origin) || hostname.startsWith('[') || net.isIP(hostname) !== 0) return null;
  let addresses: readonly string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return null;
  }
  return addresses.every(isPublicAddress) ? null : pushMessages.endpointPrivateHost;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for sockets that refuses a public-looking name resolving to a
 * non-public address (a name pointed at 127.0.0.1 after it was registered),
 * so the rule holds for where the connection really goes.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const denied: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`,
      );
      denied.code = 'EPUSHHOSTREFUSED';
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
