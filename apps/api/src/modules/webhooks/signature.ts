import { createHmac } from 'node:crypto';

/**
 * Webhook signing as the Standard Webhooks specification (standardwebhooks.com) defines it, so a receiver
 * can verify our deliveries with any of its libraries:
 * - `webhook-id`: the event's id, the same on every attempt (receivers de-duplicate on it);
 * - `webhook-timestamp`: whole seconds since the epoch at this attempt (receivers refuse old ones, so a
 *   captured delivery cannot be replayed later);
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret, separated by
 *   spaces: while an endpoint's rolled secret is still valid, deliveries carry both signatures.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The HMAC key inside a `whsec_<base64>` secret. */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('A webhook signing secret starts with whsec_');
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  if (key.length < 24) throw new Error('A webhook signing secret holds at least 24 bytes');
  return key;
}

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * The three headers of one delivery attempt of `body` (the exact bytes sent) for the event `id`, signed with
 * each of `secrets` (newest first).
 */
export function signWebhook({ id, body, secrets, at = new Date() }: { id: string; body: string; secrets: readonly string[]; at?: Date }): SignedHeaders {
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret');
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signedContent = `${id}.${timestamp}.${body}`;
  const signature = secrets
    .map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(signedContent).digest('base64')}`)
    .join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
}
