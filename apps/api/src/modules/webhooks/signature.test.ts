import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_SECRET_PREFIX } from './signature';

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ id: 'evt_1', type: 'ping', livemode: false, data: { object: { note: 'naïve café ₦' } } });

describe('webhook signatures (Standard Webhooks)', () => {
  it('are verified by the standardwebhooks package, which hands back the body', () => {
    const secret = newSecret();
    const headers = signWebhook({ id: 'evt_1', body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail verification when the body, the id, the timestamp or the secret differ', () => {
    const secret = newSecret();
    const headers = signWebhook({ id: 'evt_1', body, secrets: [secret] });
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body.replace('ping', 'pong'), headers)).toThrow(WebhookVerificationError);
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(WebhookVerificationError);
    expect(() => receiver.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('carry the timestamp of the attempt, so a delivery captured and replayed later is refused', () => {
    const secret = newSecret();
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    const headers = signWebhook({ id: 'evt_1', body, secrets: [secret], at: sixMinutesAgo });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(sixMinutesAgo.getTime() / 1000)));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow('Message timestamp too old');
  });

  it('carry one signature per secret while a rolled secret is still valid, each verifying on its own', () => {
    const [rolled, old] = [newSecret(), newSecret()];
    const headers = signWebhook({ id: 'evt_1', body, secrets: [rolled, old] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(rolled).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('refuse a secret that is not a whsec_ secret of at least 24 bytes, and an empty list', () => {
    expect(() => signWebhook({ id: 'evt_1', body, secrets: ['sk_test_abc'] })).toThrow('starts with whsec_');
    expect(() => signWebhook({ id: 'evt_1', body, secrets: [`${WEBHOOK_SECRET_PREFIX}${randomBytes(8).toString('base64')}`] })).toThrow('at least 24 bytes');
    expect(() => signWebhook({ id: 'evt_1', body, secrets: [] })).toThrow('at least one secret');
  });
});
