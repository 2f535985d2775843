/**
 * Inbound provider webhooks kept first, applied after (docs/decisions/0054-providers-behind-interfaces.md): the
 * webhook route checks the signature and stores the event here, answering at once; the inbox worker
 * (modules/payments/provider-inbox.ts) applies it through our own actions and marks it processed.
 *
 * - `event_key`: the provider reader's key for the event (Paystack's id for the event's object, else a hash of the
 *   body), unique per provider, so a repeated delivery is stored once.
 * - `payload`: the raw body as it was signed (text), read again by the provider's reader when applied, and blanked
 *   once it is: it carries the customer's email and card details. `payload_sha256` (hex) stays to find the row.
 * - `outcome`: what applying it did (`applied`, or `ignored` when it named nothing of ours).
 * - `next_attempt_at`: when the worker may take it (again): now on arrival, later after a failed attempt.
 * - The worker's index holds the unprocessed rows only; the clean-up job forgets processed ones by `received_at`.
 */
export const sql = /* sql */ `
CREATE TABLE provider_inbox (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  event_key text NOT NULL,
  type text NOT NULL,
  payload text NOT NULL,
  payload_sha256 text NOT NULL CHECK (payload_sha256 ~ '^[0-9a-f]{64}$'),
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  outcome text CHECK (outcome IN ('applied', 'ignored')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  UNIQUE (provider, event_key)
);
CREATE INDEX provider_inbox_due_idx ON provider_inbox (next_attempt_at) WHERE processed_at IS NULL;
CREATE INDEX provider_inbox_received_idx ON provider_inbox (received_at);
`;
