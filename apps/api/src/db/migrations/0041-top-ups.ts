/**
 * Top-ups (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md): a transaction says what it is for.
 *
 * - `transactions.purpose`: `payment` (a customer paying the company, every transaction before this) or `top_up` (the
 *   company paying its own NGN wallet through the checkout). Set when the transaction is made and never changed (the
 *   trigger below), so a top-up cannot become a customer's payment in the lists, the export or the totals.
 * - Top-ups only in naira: the wallet's top-up is for NGN (issue 23, "Receive").
 * - The Transactions page's purpose filter reads its own index in the list's order.
 */
export const sql = /* sql */ `
ALTER TABLE transactions ADD COLUMN purpose text NOT NULL DEFAULT 'payment' CHECK (purpose IN ('payment', 'top_up'));
ALTER TABLE transactions ADD CONSTRAINT transactions_top_up_naira CHECK (purpose <> 'top_up' OR currency = 'NGN');
CREATE INDEX transactions_purpose_idx ON transactions (company_id, livemode, purpose, created_at DESC, id DESC);

CREATE FUNCTION transactions_purpose_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.purpose IS DISTINCT FROM OLD.purpose THEN
    RAISE EXCEPTION 'A transaction''s purpose never changes' USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_purpose_fixed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER transactions_purpose_fixed BEFORE UPDATE OF purpose ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_purpose_fixed();
`;
