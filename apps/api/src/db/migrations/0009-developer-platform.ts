/**
 * The developer platform's first tables (docs/decisions/0027-modes-api-keys-events.md).
 *
 * - `api_keys`: a company's publishable and secret key per mode. A publishable key is public and kept
 *   whole; a secret key only as an HMAC-SHA256 under a server key (looked up by that hash) and its last
 *   four characters. A mode has one current pair (no expiry, not revoked); a rolled secret key gets an
 *   expiry and keeps working until then.
 * - `events`: what happened to a company's objects in one mode, written in the transaction of the change;
 *   kept 30 days.
 */
export const sql = /* sql */ `
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  kind text NOT NULL CHECK (kind IN ('publishable', 'secret')),
  publishable_key text UNIQUE,
  secret_hash bytea UNIQUE,
  last4 text NOT NULL CHECK (length(last4) = 4),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  rolled_to uuid REFERENCES api_keys (id),
  CHECK ((kind = 'publishable') = (publishable_key IS NOT NULL)),
  CHECK ((kind = 'secret') = (secret_hash IS NOT NULL))
);
-- One current key of each kind per company and mode.
CREATE UNIQUE INDEX api_keys_current_idx ON api_keys (company_id, livemode, kind) WHERE expires_at IS NULL AND revoked_at IS NULL;
CREATE INDEX api_keys_company_idx ON api_keys (company_id, created_at);

CREATE TABLE events (
  id text PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9]{24}$'),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_list_idx ON events (company_id, livemode, created_at DESC, id DESC);
CREATE INDEX events_type_idx ON events (company_id, livemode, type, created_at DESC, id DESC);
CREATE INDEX events_created_idx ON events (created_at);
`;
