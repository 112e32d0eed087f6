import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { INTEGRATION_MESSAGES } from '@goc/contracts';
import type { HostResolver } from './settings';

/*
 * Where a webhook may send (docs/integrations.md "Seguridad"): https only, and only to public
 * unicast addresses — never loopback, link-local (cloud metadata at 169.254.169.254), private,
 * carrier-grade NAT, multicast, reserved or any other special-purpose range, nor their IPv6
 * equivalents or an IPv6 address outside global unicast (IPv4-mapped and NAT64 addresses are judged
 * as the IPv4 address they carry). The check is made on the address actually connected to,
 * at every delivery: a name that resolved to a public address yesterday and to 127.0.0.1 today is
 * refused today.
 */

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A refused destination; `message` is Spanish and safe to show. */
export class TargetRefused extends Error {}

/** IPv6's global unicast space (2000::/3): everything outside it is reserved by the IETF or special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address it carries is the real destination. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Whether an address is a public unicast one: ipaddr.js names every special-purpose range of IANA's
 * registries (loopback, private, link-local, carrier-grade NAT, documentation, benchmarking,
 * multicast, 6to4, Teredo, ORCHID, AS112, …) and only `unicast` passes. IPv6 must also be within
 * 2000::/3, which refuses the IPv4-compatible ::/96 (`::127.0.0.1`) and every unassigned block.
 * IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses are judged by the IPv4 they carry.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  // Spelt as URLs and resolvers spell it first: ipaddr.js reads a dotted tail as IPv4-mapped
  // (`::8.8.8.8` as `::ffff:8.8.8.8`), yet `::808:808` is the IPv4-compatible address it stands for.
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${address.replace(/%.*$/, '')}]`).hostname.slice(1, -1));
  if (v6.isIPv4MappedAddress() || v6.match(NAT64)) return isPublicAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** The URL's own checks (scheme, no credentials); the address is checked when it is resolved. */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused(INTEGRATION_MESSAGES.webhookUrl);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new TargetRefused(INTEGRATION_MESSAGES.webhookHttps);
  if (url.username !== '' || url.password !== '') throw new TargetRefused(INTEGRATION_MESSAGES.webhookCredentials);
  return url;
}

/** URL host names keep IPv6 literals in brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The addresses the URL's host resolves to, each checked; throws TargetRefused. */
export async function resolveTarget(url: URL, allowPrivate: boolean, resolve: HostResolver): Promise<LookupAddress[]> {
  const host = bareHost(url);
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused(INTEGRATION_MESSAGES.webhookUnresolved);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(INTEGRATION_MESSAGES.webhookUnresolved);
  // Every address must pass: a name answering one public and one private address is refused.
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new TargetRefused(INTEGRATION_MESSAGES.webhookPrivate);
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that connects only to checked addresses: the check and the
 * connection use the same resolution, so no second answer can slip in between.
 */
export function guardedLookup(allowPrivate: boolean, resolve: HostResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveTarget(new URL(`http://${hostname.includes(':') ? `[${hostname}]` : hostname}`), allowPrivate, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(Object.assign(error, { code: 'EGOCREFUSED' }), '', 0),
    );
  };
}
