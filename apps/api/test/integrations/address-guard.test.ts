import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@goc/contracts';
import { checkUrl, isPublicAddress, resolveTarget } from '../../src/modules/integrations/address-guard';

/*
 * The webhook address guard (issue 46): only public unicast destinations. IPv4-compatible IPv6
 * (`::127.0.0.1`) used to pass; now every IETF special-purpose range is refused, and addresses that
 * carry an IPv4 address (mapped, NAT64) are judged by it.
 */

const REFUSED: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible (::/96), loopback inside'],
  ['::8.8.8.8', 'IPv4-compatible (::/96), deprecated even with a public address'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
  ['::ffff:0:10.0.0.1', 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::a00:1', 'NAT64 carrying 10.0.0.1'],
  ['64:ff9b::7f00:1', 'NAT64 carrying 127.0.0.1'],
  ['64:ff9b:1::808:808', 'local-use NAT64 (RFC 8215)'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
  ['2002:808:808::1', '6to4'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:4:112::1', 'AS112'],
  ['100::1', 'discard-only'],
  ['5f00::1', 'segment routing'],
  ['4000::1', 'unassigned, outside 2000::/3'],
  ['fec0::1', 'deprecated site-local'],
  ['fc00::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.1.2.3', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.0.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['127.0.0.2', 'loopback'],
  ['169.254.169.254', 'link-local, cloud metadata'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation TEST-NET-1'],
  ['198.51.100.1', 'documentation TEST-NET-2'],
  ['203.0.113.1', 'documentation TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
];

const ACCEPTED = ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(ACCEPTED)('accepts the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('a webhook URL with such an address', () => {
  it.each(['https://[::127.0.0.1]/', 'https://[::ffff:7f00:1]/hook', 'https://[64:ff9b::a9fe:a9fe]/', 'https://[2002:a00:1::1]/'])('%s is refused in Spanish', async (raw) => {
    const resolveNothing = async () => [];
    await expect(resolveTarget(checkUrl(raw, false), false, resolveNothing)).rejects.toThrow(INTEGRATION_MESSAGES.webhookPrivate);
  });
});
