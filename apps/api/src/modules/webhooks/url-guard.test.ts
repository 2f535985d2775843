import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { checkWebhookUrl, guardedLookup, isNonPublicAddress, webhookUrlMessages } from './url-guard';

const publicOnly = { livemode: false, allowPrivate: false };
const resolvesTo = (...addresses: string[]) => async () => addresses;

describe('webhook URL guard', () => {
  it('refuses private, loopback, link-local, shared and reserved addresses, IPv4 and IPv6, mapped ones too', () => {
    for (const address of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', 'not an address',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '102.89.1.1', '172.32.0.1', '2c0f:f8f0::1', '::ffff:8.8.8.8']) expect(isNonPublicAddress(address), address).toBe(false);
  });

  // Each IPv6 form that carries an IPv4 address is judged by the IPv4 it carries (127.0.0.1 is 7f00:0001,
  // 169.254.169.254 is a9fe:a9fe, 10.0.0.1 is 0a00:0001, 8.8.8.8 is 0808:0808).
  const carried = {
    'IPv4-compatible (::/96)': { refused: ['::127.0.0.1', '::7f00:1', '::169.254.169.254', '::a9fe:a9fe', '0:0:0:0:0:0:10.0.0.1'], allowed: ['::8.8.8.8'] },
    'IPv4-mapped (::ffff:0:0/96)': {
      refused: ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:0001', '0:0:0:0:0:ffff:7f00:1', '0000:0000:0000:0000:0000:ffff:127.0.0.1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1'],
      allowed: ['::ffff:8.8.8.8', '::ffff:808:808'],
    },
    'IPv4-translated (::ffff:0:0:0/96)': { refused: ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:a9fe:a9fe', '0:0:0:0:ffff:0:10.0.0.1'], allowed: ['::ffff:0:808:808'] },
    'NAT64 (64:ff9b::/96)': { refused: ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1'], allowed: ['64:ff9b::8.8.8.8', '64:ff9b::808:808'] },
    '6to4 (2002::/16, IPv4 in bits 16-47)': { refused: ['2002:7f00:1::', '2002:a9fe:a9fe::1', '2002:a00:1:1::1', '2002:c0a8:101::'], allowed: ['2002:808:808::1'] },
    // Client IPv4 inverted in the last 32 bits (127.0.0.1 -> 80ff:fffe), server IPv4 in bits 32-63.
    'Teredo (2001::/32)': {
      refused: ['2001:0:808:808:0:0:80ff:fffe', '2001:0:808:808::5601:5601', '2001:0:a9fe:a9fe::f7f7:f7f7', '2001:0:7f00:1::f7f7:f7f7'],
      allowed: ['2001:0:808:808::f7f7:f7f7'],
    },
  };

  for (const [form, { refused, allowed }] of Object.entries(carried)) {
    it(`judges ${form} addresses by the IPv4 address they carry`, async () => {
      for (const address of refused) {
        expect(isNonPublicAddress(address), address).toBe(true);
        // As typed in a URL (which spells it its own way) and as a DNS answer for a name.
        expect(await checkWebhookUrl(`https://[${address}]/hook`, publicOnly), address).toEqual({ ok: false, reason: webhookUrlMessages.nonPublic });
        expect(await checkWebhookUrl('https://hooks.acme.ng/', { ...publicOnly, resolve: resolvesTo('102.89.1.1', address) }), address).toEqual({
          ok: false,
          reason: webhookUrlMessages.nonPublic,
        });
      }
      for (const address of allowed) expect(isNonPublicAddress(address), address).toBe(false);
    });
  }

  it('refuses IPv6 outside global unicast (2000::/3) and the special ranges inside it', () => {
    for (const address of ['::ffff:0:0:7f00:1', '1::7f00:1', '5f00::1', '2001:db8::1', '3fff::1', '2001:2::1', '100::1', '64:ff9b:1::a00:1']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['2c0f:f8f0::1', '2a00:1450:4001::200e', '2001:4860:4860::8888']) expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('checks the addresses a name resolves to when connecting, with the same rule', async () => {
    const answering = (...addresses: string[]) =>
      ((_host: string, _options: object, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
        callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))) as never;
    const connectTo = (lookup: ReturnType<typeof guardedLookup>) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((resolve) => lookup('hooks.acme.ng', { all: false }, (error, address) => resolve({ error, address: address as string })));
    for (const address of ['::ffff:0:7f00:1', '::a9fe:a9fe', '64:ff9b::a00:1', '2002:7f00:1::', '2001:0:808:808::80ff:fffe']) {
      const { error } = await connectTo(guardedLookup(false, answering('102.89.1.1', address)));
      expect(error, address).toMatchObject({ code: 'ENONPUBLIC' });
    }
    expect(await connectTo(guardedLookup(false, answering('2002:808:808::1')))).toEqual({ error: null, address: '2002:808:808::1' });
    expect(await connectTo(guardedLookup(true, answering('::7f00:1')))).toEqual({ error: null, address: '::7f00:1' });
  });

  it('accepts a public https URL, and http in test mode only', async () => {
    expect(await checkWebhookUrl('https://hooks.acme.ng/fipay', { ...publicOnly, resolve: resolvesTo('102.89.1.1') })).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://hooks.acme.ng/fipay', { ...publicOnly, resolve: resolvesTo('102.89.1.1') })).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://hooks.acme.ng/fipay', { livemode: true, allowPrivate: false, resolve: resolvesTo('102.89.1.1') })).toEqual({
      ok: false,
      reason: webhookUrlMessages.httpsInLive,
    });
  });

  it('refuses a name that resolves to any non-public address, and one that does not resolve', async () => {
    expect(await checkWebhookUrl('https://inside.acme.ng/', { ...publicOnly, resolve: resolvesTo('102.89.1.1', '10.0.0.5') })).toEqual({
      ok: false,
      reason: webhookUrlMessages.nonPublic,
    });
    const failing = async () => {
      throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookUrl('https://nowhere.invalid/', { ...publicOnly, resolve: failing })).toEqual({ ok: false, reason: webhookUrlMessages.unresolvable });
    // The real resolver: localhost is the machine itself.
    expect(await checkWebhookUrl('https://localhost:4000/hook', publicOnly)).toEqual({ ok: false, reason: webhookUrlMessages.nonPublic });
    expect(await checkWebhookUrl('https://[::ffff:127.0.0.1]/hook', publicOnly)).toEqual({ ok: false, reason: webhookUrlMessages.nonPublic });
    expect(await checkWebhookUrl('https://2130706433/hook', publicOnly)).toEqual({ ok: false, reason: webhookUrlMessages.nonPublic });
  });

  it('refuses other schemes, credentials and text that is not a URL', async () => {
    for (const raw of ['ftp://acme.ng/', 'file:///etc/passwd', 'javascript:alert(1)', 'acme.ng/hook', '']) {
      expect(await checkWebhookUrl(raw, publicOnly), raw).toEqual({ ok: false, reason: webhookUrlMessages.invalid });
    }
    expect(await checkWebhookUrl('https://user:pass@acme.ng/', { ...publicOnly, resolve: resolvesTo('102.89.1.1') })).toEqual({
      ok: false,
      reason: webhookUrlMessages.credentials,
    });
  });

  it('lets private addresses through when the setting allows them', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:4000/hook', { livemode: false, allowPrivate: true })).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:4000/hook', { livemode: true, allowPrivate: true })).toEqual({ ok: false, reason: webhookUrlMessages.httpsInLive });
  });
});
