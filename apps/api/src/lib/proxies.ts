import ipaddr from 'ipaddr.js';

/** Fastify's `trustProxy`: who may say, in X-Forwarded-For / -Proto / -Host, what they saw. */
export type TrustedProxies = false | string | ((address: string, hop: number) => boolean);

/** Where a load balancer or reverse proxy of one's own connects from: this host or a private network. */
const NEARBY = new Set(['loopback', 'private', 'uniqueLocal']);

function nearby(address: string): boolean {
  return ipaddr.isValid(address) && NEARBY.has(ipaddr.process(address).range());
}

/**
 * GOC_TRUST_PROXY as Fastify takes it. A list of addresses/CIDRs is trusted as given: the client is the
 * nearest address in X-Forwarded-For that is not one of them. `true` is one hop: only the entry the
 * nearest proxy added, and only when that proxy connects from this host or a private network — never
 * a header any client may write (a client connecting directly, or the entries it sent through the
 * proxy, which the proxy appends to and does not replace).
 */
export function trustedProxies(setting: boolean | string): TrustedProxies {
  if (setting === false) return false;
  if (setting === true) return (address, hop) => hop === 0 && nearby(address);
  return setting;
}
