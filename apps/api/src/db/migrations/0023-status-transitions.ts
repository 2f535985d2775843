/**
 * One table of where each money object's status may go (docs/decisions/0053-status-transitions.md), the same as
 * `statusTransitions` in apps/api/src/modules/payments/transitions.ts (a test holds them equal), and one guard
 * that refuses any other move on transactions, refunds and settlements, naming the statuses that were possible.
 * The guards of 0012, 0013, 0015 and 0022 keep what else they hold (owner, amount and a paid charge's figures fixed)
 * and leave the status to this one.
 */
export const sql = /* sql */ `
CREATE TABLE status_transitions (
  table_name text NOT NULL CHECK (table_name IN ('transactions', 'refunds', 'settlements')),
  from_status text NOT NULL,
  to_status text NOT NULL,
  -- Only rows of this provider may make the move (NULL: any row).
  provider text,
  PRIMARY KEY (table_name, from_status, to_status),
  CHECK (from_status <> to_status)
);
INSERT INTO status_transitions (table_name, from_status, to_status, provider) VALUES
  ('transactions', 'pending', 'success', NULL),
  ('transactions', 'pending', 'failed', NULL),
  ('transactions', 'pending', 'abandoned', NULL),
  ('transactions', 'failed', 'success', 'paystack'),
  ('transactions', 'abandoned', 'success', 'paystack'),
  ('refunds', 'pending', 'processed', NULL),
  ('refunds', 'pending', 'failed', NULL),
  ('settlements', 'pending', 'paid', NULL),
  ('settlements', 'pending', 'failed', NULL);

CREATE FUNCTION status_transition_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  possible text;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
       SELECT 1 FROM status_transitions t
        WHERE t.table_name = TG_TABLE_NAME AND t.from_status = OLD.status AND t.to_status = NEW.status
          AND (t.provider IS NULL OR t.provider = to_jsonb(OLD) ->> 'provider')) THEN
    SELECT string_agg(to_status, ' or ' ORDER BY to_status) INTO possible
      FROM status_transitions t
     WHERE t.table_name = TG_TABLE_NAME AND t.from_status = OLD.status AND (t.provider IS NULL OR t.provider = to_jsonb(OLD) ->> 'provider');
    RAISE EXCEPTION 'a % row of % cannot become %; it may become %', OLD.status, TG_TABLE_NAME, NEW.status, coalesce(possible, 'nothing else')
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER transactions_status BEFORE UPDATE OF status ON transactions FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
CREATE TRIGGER refunds_status BEFORE UPDATE OF status ON refunds FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
CREATE TRIGGER settlements_status BEFORE UPDATE OF status ON settlements FOR EACH ROW EXECUTE FUNCTION status_transition_guard();

CREATE OR REPLACE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.company_id, NEW.livemode, NEW.reference, NEW.provider_reference, NEW.amount, NEW.currency, NEW.provider)
     IS DISTINCT FROM (OLD.company_id, OLD.livemode, OLD.reference, OLD.provider_reference, OLD.amount, OLD.currency, OLD.provider) THEN
    RAISE EXCEPTION 'a transaction''s owner, references and amount do not change' USING ERRCODE = '42501';
  END IF;
  IF OLD.status = 'success' AND (NEW.fee, NEW.net, NEW.paid_at, NEW.channel) IS DISTINCT FROM (OLD.fee, OLD.net, OLD.paid_at, OLD.channel) THEN
    RAISE EXCEPTION 'a successful transaction''s fee, net, channel and time do not change' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION status_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount <> OLD.amount OR NEW.company_id <> OLD.company_id OR NEW.livemode <> OLD.livemode THEN
    RAISE EXCEPTION 'the owner and amount of % do not change', TG_TABLE_NAME USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
`;
