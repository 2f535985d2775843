import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isNonPublicAddress, webhookUrlMessages } from './url-guard';

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
