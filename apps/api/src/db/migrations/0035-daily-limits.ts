/**
 * Daily limits and requests to raise them (docs/decisions/0070-daily-limits-and-limit-requests.md).
 * - `limit_usage`: what a company used of a limit in one mode on one UTC day, one row each, raised by one
 *   `INSERT … ON CONFLICT DO UPDATE … WHERE used + x <= limit` (consumeLimit), never read and then written.
 * - `limit_consumptions`: what used it, one row per consumption, written in the same statement.
 * - `limit_grants`: the tier (or custom figures) a reviewer granted a company; none means the tier its approval gives.
 * - `limit_requests`: 'Increase Limits', one waiting per company; its status moves by the table of 0023's guard,
 *   whose list of tables is rebuilt from the rows it holds so a migration of another branch that added its own
 *   table before this one keeps it.
 */
export const sql = /* sql */ `
CREATE TABLE limit_usage (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  kind text NOT NULL CHECK (kind IN ('trade', 'send')),
  day date NOT NULL,
  used_cents bigint NOT NULL CHECK (used_cents >= 0),
  PRIMARY KEY (company_id, livemode, kind, day)
);

CREATE TABLE limit_consumptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL,
  livemode boolean NOT NULL,
  kind text NOT NULL,
  day date NOT NULL,
  usd_cents bigint NOT NULL CHECK (usd_cents >= 0),
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (company_id, livemode, kind, day) REFERENCES limit_usage (company_id, livemode, kind, day)
);
CREATE UNIQUE INDEX limit_consumptions_once ON limit_consumptions (company_id, livemode, kind, reference);

CREATE TABLE limit_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted', 'declined')),
  expected_monthly_volume_cents bigint NOT NULL CHECK (expected_monthly_volume_cents > 0),
  purpose text NOT NULL,
  source_of_funds text NOT NULL,
  document_name text,
  document_key text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES reviewers (id),
  decision_tier text CHECK (decision_tier IN ('tier_2', 'tier_3', 'custom')),
  decision_trade_cents bigint CHECK (decision_trade_cents >= 0),
  decision_send_cents bigint CHECK (decision_send_cents >= 0),
  decision_reason text,
  CHECK ((document_name IS NULL) = (document_key IS NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status = 'pending' OR decision_reason IS NOT NULL),
  CHECK ((status = 'granted') = (decision_tier IS NOT NULL))
);
CREATE UNIQUE INDEX limit_requests_one_pending ON limit_requests (company_id) WHERE status = 'pending';
CREATE INDEX limit_requests_by_company ON limit_requests (company_id, created_at DESC);
CREATE INDEX limit_requests_by_status ON limit_requests (status, created_at, id);

CREATE TABLE limit_grants (
  company_id uuid PRIMARY KEY REFERENCES companies (id),
  tier text NOT NULL CHECK (tier IN ('tier_2', 'tier_3', 'custom')),
  trade_cents bigint CHECK (trade_cents >= 0),
  send_cents bigint CHECK (send_cents >= 0),
  request_id uuid NOT NULL REFERENCES limit_requests (id),
  granted_by uuid NOT NULL REFERENCES reviewers (id),
  granted_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((tier = 'custom') = (trade_cents IS NOT NULL AND send_cents IS NOT NULL)),
  CHECK (tier = 'custom' OR (trade_cents IS NULL AND send_cents IS NULL))
);

DO $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(quote_literal(name), ', ' ORDER BY name) INTO names
    FROM (SELECT table_name AS name FROM status_transitions UNION SELECT 'limit_requests') t;
  ALTER TABLE status_transitions DROP CONSTRAINT status_transitions_table_name_check;
  EXECUTE format('ALTER TABLE status_transitions ADD CONSTRAINT status_transitions_table_name_check CHECK (table_name IN (%s))', names);
END $$;
INSERT INTO status_transitions (table_name, from_status, to_status, provider) VALUES
  ('limit_requests', 'pending', 'granted', NULL),
  ('limit_requests', 'pending', 'declined', NULL);
CREATE TRIGGER limit_requests_status BEFORE UPDATE OF status ON limit_requests FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
`;
