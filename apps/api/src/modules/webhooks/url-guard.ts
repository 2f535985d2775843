import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from '@fipay/contracts/webhooks';

/**
 * Where a webhook may be sent. A receiver's URL is the merchant's to choose, so without this a merchant could
 * make our servers call the machines beside them (server-side request forgery). The URL is checked when it is
 * saved and again before every delivery, against every address its name resolves to then (a name can be
 * pointed elsewhere after it was saved), and the connection itself looks names up through `guardedLookup`.
 */

/** IPv4 addresses no public receiver has: private, loopback, link-local, shared, documentation, multicast, reserved. */
const blockedIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedIpv4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 receivers are in global unicast (2000::/3), the only space handed out for public hosts; inside it, these
 * ranges are documentation, benchmarking or protocol assignments (RFC 6890 and its updates), not receivers.
 */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
const blockedIpv6 = ['2001::/23', '2001:db8::/32', '3fff::/20'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Forms of IPv6 that carry IPv4 addresses, and where: a host that routes them reaches those IPv4 addresses. */
const carriers: { range: [ipaddr.IPv6, number]; carried: (bytes: number[]) => number[][] }[] = [
  // IPv4-compatible (::/96, which also holds :: and ::1), IPv4-mapped (::ffff:0:0/96), IPv4-translated
  // (::ffff:0:0:0/96) and NAT64 (64:ff9b::/96): the last 32 bits.
  ...['::/96', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96'].map((cidr) => ({
    range: ipaddr.IPv6.parseCIDR(cidr),
    carried: (bytes: number[]) => [bytes.slice(12, 16)],
  })),
  // 6to4 (2002::/16): bits 16-47.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), carried: (bytes) => [bytes.slice(2, 6)] },
  // Teredo (2001::/32): the server in bits 32-63, the client in the last 32 bits, inverted.
  { range: ipaddr.IPv6.parseCIDR('2001::/32'), carried: (bytes) => [bytes.slice(4, 8), bytes.slice(12, 16).map((b) => b ^ 0xff)] },
];

function isNonPublicIpv6(address: ipaddr.IPv6): boolean {
  const carrier = carriers.find(({ range }) => address.match(range));
  if (carrier) {
    return carrier.carried(address.toByteArray()).some((octets) => blockedIpv4.check(new ipaddr.IPv4(octets).toString(), 'ipv4'));
  }
  return !address.match(globalUnicast) || blockedIpv6.some((range) => address.match(range));
}

/**
 * Whether no public receiver could have this address: anything that is not an IP address, a non-public IPv4
 * address, and IPv6 addresses outside public space or carrying a non-public IPv4 address in any spelling.
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedIpv4.check(address, 'ipv4');
  if (family !== 6) return true;
  let parsed: ipaddr.IPv6;
  try {
    parsed = ipaddr.IPv6.parse(address);
  } catch {
    return true;
  }
  return isNonPublicIpv6(parsed);
}

/**
 * A DNS look-up that refuses non-public addresses, used for the connection itself: the address checked is the
 * address connected to, so a name re-pointed after the check (DNS rebinding) cannot reach an inside machine.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      if (!allowPrivate && list.some((a) => isNonPublicAddress(a.address))) {
        return callback(Object.assign(new Error(webhookUrlMessages.nonPublic), { code: 'ENONPUBLIC' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(webhookUrlMessages.unresolvable), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const webhookUrlMessages = {
  invalid: webhookMessages.urlInvalid,
  httpsInLive: 'Live mode webhook URLs must use https://.',
  credentials: 'Put no user name or password in the URL; check the signature instead.',
  unresolvable: 'This URL’s host could not be found.',
  nonPublic: 'This URL points to a private, loopback or link-local address; webhooks are sent to public addresses only.',
} as const;

/** Hosts that name the machine itself whatever DNS says. */
const localNames = /^(localhost|.*\.localhost|localhost\.localdomain)$/i;

/**
 * Whether a webhook may be sent to `raw` now: a well-formed http(s) URL (https in live mode), without
 * credentials, whose host resolves and, unless `allowPrivate`, only to public addresses.
 */
export async function checkWebhookUrl(
  raw: string,
  options: { livemode: boolean; allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: webhookUrlMessages.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: webhookUrlMessages.invalid };
  if (options.livemode && url.protocol !== 'https:') return { ok: false, reason: webhookUrlMessages.httpsInLive };
  if (url.username || url.password) return { ok: false, reason: webhookUrlMessages.credentials };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return { ok: false, reason: webhookUrlMessages.invalid };
  if (options.allowPrivate) return { ok: true, url };
  if (localNames.test(host)) return { ok: false, reason: webhookUrlMessages.nonPublic };
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    const resolve = options.resolve ?? (async (name: string) => (await lookup(name, { all: true, verbatim: true })).map((a) => a.address));
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: webhookUrlMessages.unresolvable };
    }
    if (addresses.length === 0) return { ok: false, reason: webhookUrlMessages.unresolvable };
  }
  return addresses.some(isNonPublicAddress) ? { ok: false, reason: webhookUrlMessages.nonPublic } : { ok: true, url };
}
