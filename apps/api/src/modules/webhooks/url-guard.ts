import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. A receiver's URL is the merchant's to choose, so without this a merchant could
 * make our servers call the machines beside them (server-side request forgery). The URL is checked when it is
 * saved and again before every delivery, against every address its name resolves to then (a name can be
 * pointed elsewhere after it was saved).
 */

/** Addresses no public receiver has: private, loopback, link-local, shared, documentation, multicast, reserved. */
const blocked = new BlockList();
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
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An address of IPv4 carried in IPv6 (`::ffff:10.0.0.1`, `::10.0.0.1`, NAT64 `64:ff9b::10.0.0.1`), as IPv4. */
function embeddedIpv4(address: string): string | undefined {
  const match = address.toLowerCase().match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (match) return match[1];
  const hex = address.toLowerCase().match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return undefined;
  const [high, low] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether no public receiver could have this address. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const webhookUrlMessages = {
  invalid: 'Enter a full URL starting with https:// (or http:// in test mode).',
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
