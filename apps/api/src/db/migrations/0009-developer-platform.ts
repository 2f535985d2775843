/**
 * The developer platform's first tables (docs/decisions/0027-modes-api-keys-events.md).
 *
 * - `api_keys`: a company's publishable and secret key per mode. A publishable key is public and kept
 *   whole; a secret key only as an HMAC-SHA256 under a server key (looked up by that hash) and its last
 *   four characters. A mode has one current pair (no expiry, not revoked); a rolled secret key gets an
 *   expiry and keeps working until then.
 * - `events`: what happened to a company's objects in one mode, written in the transaction of the change;
 *   kept 30 days.
 * - `webhook_endpoints`: where a company's events of one mode are sent; the signing secret encrypted (it
 *   is needed to sign), soft-deleted so deliveries keep their endpoint.
 * - `idempotency_keys`: the first answer to a merchant POST with an `Idempotency-Key`, kept 24 hours.
 * - `webhook_deliveries`: one event to one endpoint, written with the event (a crash loses none), sent by
 *   whichever instance claims it, retried on a schedule; `webhook_attempts` keeps each try 30 days.
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

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  url text NOT NULL CHECK (length(url) <= 2048),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  enabled_events text[] NOT NULL CHECK (cardinality(enabled_events) >= 1),
  disabled boolean NOT NULL DEFAULT false,
  secret_ciphertext text NOT NULL,
  -- After a roll, the secret before it, still signing until it expires.
  previous_secret_ciphertext text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  -- Since when every delivery has failed (null while the last one succeeded); five days of it disables the endpoint.
  failing_since timestamptz
);
CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id, livemode, created_at) WHERE deleted_at IS NULL;

CREATE TABLE idempotency_keys (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash text NOT NULL,
  -- running: the first request is being handled; done: its answer is below.
  status text NOT NULL CHECK (status IN ('running', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, livemode, key),
  CHECK ((status = 'done') = (response_status IS NOT NULL))
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- A code emailed to confirm rolling a live secret key, for users whose second factor is email codes.
ALTER TABLE email_otp_codes DROP CONSTRAINT email_otp_codes_purpose_check;
ALTER TABLE email_otp_codes ADD CONSTRAINT email_otp_codes_purpose_check CHECK (purpose IN ('login', 'enable', 'disable', 'roll_key'));

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  url text NOT NULL,
  request_headers jsonb NOT NULL,
  request_body text NOT NULL,
  response_status integer,
  response_body text,
  duration_ms integer NOT NULL,
  error text
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);
CREATE INDEX webhook_attempts_time_idx ON webhook_attempts (attempted_at);
`;
