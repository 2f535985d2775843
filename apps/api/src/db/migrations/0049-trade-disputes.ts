/**
 * Disputes of marketplace trades in the back office (docs/decisions/0086-trade-disputes.md).
 *
 * - `trade_disputes`: one per disputed trade, with a status of its own beside the trade's (as Bisq keeps a trade's
 *   dispute state apart from its protocol state): `open` → `ruled` (an agent's ruling) | `withdrawn` (the seller
 *   released after all). Who opened it and when, and the evidence deadline the two sides write their statements by.
 *   The back office's queue reads the open ones oldest first (`trade_disputes_open_idx`).
 * - `trade_dispute_statements`: each side's one statement (seller, buyer), written and edited in place until the
 *   evidence deadline while the dispute is open; every write is also in the writer's audit trail.
 * - The dispute's status moves through `status_transitions` and its guard (migration 0023), the same rows as
 *   `statusTransitions.trade_disputes` in apps/api/src/modules/payments/transitions.ts.
 * - Trades disputed before this migration get their dispute row, its deadline 12 hours after they were disputed.
 */
export const sql = /* sql */ `
CREATE TABLE trade_disputes (
  trade_id uuid PRIMARY KEY REFERENCES trades (id),
  livemode boolean NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ruled', 'withdrawn')),
  opened_by text NOT NULL CHECK (opened_by IN ('seller', 'buyer', 'system')),
  opened_at timestamptz NOT NULL DEFAULT now(),
  evidence_by timestamptz NOT NULL,
  ended_at timestamptz,
  CHECK (evidence_by > opened_at),
  CHECK ((status = 'open') = (ended_at IS NULL))
);
-- The back office's queue: open disputes, oldest first.
CREATE INDEX trade_disputes_open_idx ON trade_disputes (opened_at, trade_id) WHERE status = 'open';
CREATE INDEX trade_disputes_ended_idx ON trade_disputes (status, ended_at DESC, trade_id) WHERE status <> 'open';

CREATE TABLE trade_dispute_statements (
  trade_id uuid NOT NULL REFERENCES trade_disputes (trade_id),
  party text NOT NULL CHECK (party IN ('seller', 'buyer')),
  company_id uuid NOT NULL REFERENCES companies (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, party)
);
CREATE TRIGGER trade_dispute_statements_no_delete BEFORE DELETE ON trade_dispute_statements FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE FUNCTION trade_disputes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.trade_id, NEW.livemode, NEW.opened_by, NEW.opened_at, NEW.evidence_by) IS DISTINCT FROM (OLD.trade_id, OLD.livemode, OLD.opened_by, OLD.opened_at, OLD.evidence_by) THEN
    RAISE EXCEPTION 'a dispute''s trade, opening and evidence deadline do not change' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER trade_disputes_guard BEFORE UPDATE ON trade_disputes FOR EACH ROW EXECUTE FUNCTION trade_disputes_guard();
CREATE TRIGGER trade_disputes_no_delete BEFORE DELETE ON trade_disputes FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

DO $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(quote_literal(name), ', ' ORDER BY name) INTO names
    FROM (SELECT table_name AS name FROM status_transitions UNION SELECT 'trade_disputes') t;
  ALTER TABLE status_transitions DROP CONSTRAINT status_transitions_table_name_check;
  EXECUTE format('ALTER TABLE status_transitions ADD CONSTRAINT status_transitions_table_name_check CHECK (table_name IN (%s))', names);
END $$;
INSERT INTO status_transitions (table_name, from_status, to_status, provider) VALUES
  ('trade_disputes', 'open', 'ruled', NULL),
  ('trade_disputes', 'open', 'withdrawn', NULL);
CREATE TRIGGER trade_disputes_status BEFORE UPDATE OF status ON trade_disputes FOR EACH ROW EXECUTE FUNCTION status_transition_guard();

INSERT INTO trade_disputes (trade_id, livemode, status, opened_by, opened_at, evidence_by, ended_at)
SELECT id, livemode,
       CASE status WHEN 'disputed' THEN 'open' WHEN 'resolved' THEN 'ruled' ELSE 'withdrawn' END,
       disputed_by, disputed_at, disputed_at + interval '12 hours',
       CASE WHEN status = 'disputed' THEN NULL ELSE coalesce(ended_at, now()) END
  FROM trades WHERE disputed_at IS NOT NULL;
`;
