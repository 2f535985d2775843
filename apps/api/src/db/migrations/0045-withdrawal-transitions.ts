/**
 * Withdrawals' statuses move by the one table of 0023's guard (docs/decisions/0082-withdrawal-webhooks-and-fees.md):
 * pending → paid or failed, once, whether the withdrawal job or Paystack's transfer webhook settles it. The same
 * rows as `statusTransitions.withdrawals` in apps/api/src/modules/payments/transitions.ts (a test holds them equal).
 */
export const sql = /* sql */ `
DO $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(quote_literal(name), ', ' ORDER BY name) INTO names
    FROM (SELECT table_name AS name FROM status_transitions UNION SELECT 'withdrawals') t;
  ALTER TABLE status_transitions DROP CONSTRAINT status_transitions_table_name_check;
  EXECUTE format('ALTER TABLE status_transitions ADD CONSTRAINT status_transitions_table_name_check CHECK (table_name IN (%s))', names);
END $$;
INSERT INTO status_transitions (table_name, from_status, to_status, provider) VALUES
  ('withdrawals', 'pending', 'paid', NULL),
  ('withdrawals', 'pending', 'failed', NULL);
CREATE TRIGGER withdrawals_status BEFORE UPDATE OF status ON withdrawals FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
`;
