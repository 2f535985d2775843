/**
 * Idempotency keys kept with their effect (docs/decisions/0039-idempotency-keys-kept-with-their-effect.md).
 *
 * - `idempotency_keys.effect_type` / `effect_id`: what the first request with the key made (a transaction, a
 *   refund, a payout, a payment link, a webhook endpoint, a rolled secret, a delivery), written in the same
 *   database transaction as the effect itself. A process that dies after that commit and before the answer is
 *   kept leaves the key running with its effect named; the retry that takes the key over answers with that effect
 *   instead of making a second one.
 * - `transactions.authorization_url`: the provider's payment page for a live transaction, kept so that such a
 *   retry can answer with it.
 */
export const sql = /* sql */ `
ALTER TABLE idempotency_keys
  ADD COLUMN effect_type text CHECK (effect_type IN ('transaction', 'refund', 'settlement', 'payment_link', 'webhook_endpoint', 'webhook_secret', 'webhook_delivery')),
  ADD COLUMN effect_id text,
  ADD CONSTRAINT idempotency_keys_effect_whole CHECK ((effect_type IS NULL) = (effect_id IS NULL));
ALTER TABLE transactions ADD COLUMN authorization_url text;
`;
