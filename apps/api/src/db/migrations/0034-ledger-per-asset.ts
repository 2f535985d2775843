/**
 * The ledger in eight assets (docs/decisions/0069-the-ledger-per-asset.md).
 *
 * - `assets`: the registry the contracts hold (packages/contracts/src/assets.ts), in the database, so an account
 *   can be opened in one of the eight and nothing else. `ledger_accounts.currency` and `journal_lines.currency` hold
 *   an asset's code (the column keeps its name: for naira it was always the currency); `USDT` and `USDC` need four
 *   letters, so the columns become text, checked by the foreign key instead of a pattern.
 * - Amounts and balances become `numeric(78,0)`: an exact integer of the asset's smallest unit that holds 18-decimal
 *   amounts far above 2^63 (2^256 - 1 fits). Every rule the ledger has holds per asset as it held per currency:
 *   an entry's lines sum to zero per asset (the check groups by `currency`), accounts that may not go negative
 *   cannot, entries and lines stay append-only. `ledger_available_covered` (0017) reads the sum into a numeric.
 * - `journal_lines.balance_after`: the account's balance once the line was applied, written by the trigger that
 *   applies it (now BEFORE INSERT, so the line can carry it), under the account's row lock. A statement then pages
 *   by line id and shows the balance after each line without summing what came before, at any depth. Lines written
 *   before this migration are filled in from their accounts' running sums.
 * - A company's `held` account per asset (money set aside: a hold, an escrow) is one more company account code; it
 *   may not go negative like the others. The platform's `test_faucet` account (the sandbox's test funds, debit-normal,
 *   may go negative) exists in test mode only: the database refuses it in live mode.
 * - The ledger's other trigger functions are touched so that sessions open across the migration compile them again
 *   for the new column types.
 */
export const sql = /* sql */ `
CREATE TABLE assets (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3,5}$'),
  kind text NOT NULL CHECK (kind IN ('fiat', 'crypto')),
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18)
);
INSERT INTO assets (code, kind, decimals) VALUES
  ('NGN', 'fiat', 2), ('USD', 'fiat', 2), ('GBP', 'fiat', 2), ('EUR', 'fiat', 2),
  ('BTC', 'crypto', 8), ('ETH', 'crypto', 18), ('USDT', 'crypto', 6), ('USDC', 'crypto', 6);
CREATE TRIGGER assets_no_change BEFORE UPDATE OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- A trigger that names the balance column (UPDATE OF balance) stands aside while the column's type changes.
DROP TRIGGER ledger_available_covered ON ledger_accounts;
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_id_currency_livemode_fkey;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_currency_check;
ALTER TABLE ledger_accounts
  ALTER COLUMN currency TYPE text,
  ALTER COLUMN balance TYPE numeric(78,0),
  ADD CONSTRAINT ledger_accounts_asset_fkey FOREIGN KEY (currency) REFERENCES assets (code),
  ADD CONSTRAINT ledger_accounts_faucet_test_only CHECK (code <> 'test_faucet' OR NOT livemode);
ALTER TABLE journal_lines
  ALTER COLUMN currency TYPE text,
  ALTER COLUMN amount TYPE numeric(78,0),
  ADD COLUMN balance_after numeric(78,0);
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_account_id_currency_livemode_fkey
  FOREIGN KEY (account_id, currency, livemode) REFERENCES ledger_accounts (id, currency, livemode);

-- The lines written so far, each with its account's running balance (lines are numbered in the order their
-- transactions held the account's lock). The append-only guard stands aside for this one fill.
ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_append_only;
UPDATE journal_lines l SET balance_after = r.balance_after
  FROM (SELECT l2.id, sum(CASE a.normal_side WHEN 'debit' THEN l2.amount ELSE -l2.amount END)
                        OVER (PARTITION BY l2.account_id ORDER BY l2.id) AS balance_after
          FROM journal_lines l2 JOIN ledger_accounts a ON a.id = l2.account_id) r
 WHERE r.id = l.id;
ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_append_only;
ALTER TABLE journal_lines ALTER COLUMN balance_after SET NOT NULL;

-- A line moves its account's balance at once, under the account's row lock, and carries the balance it left.
DROP TRIGGER journal_lines_apply ON journal_lines;
CREATE OR REPLACE FUNCTION journal_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts
     SET balance = balance + CASE normal_side WHEN 'debit' THEN NEW.amount ELSE -NEW.amount END
   WHERE id = NEW.account_id
  RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_lines_apply BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_apply();

CREATE OR REPLACE FUNCTION ledger_available_covered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered numeric;
BEGIN
  IF NEW.company_id IS NULL OR NEW.code NOT IN ('available', 'pending') THEN
    RETURN NULL;
  END IF;
  SELECT sum(balance) INTO covered FROM ledger_accounts
   WHERE company_id = NEW.company_id AND livemode = NEW.livemode AND currency = NEW.currency AND code IN ('available', 'pending');
  IF covered < 0 THEN
    RAISE EXCEPTION 'the available balance of company % is below what is pending settlement', NEW.company_id
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_available_covered';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_available_covered AFTER INSERT OR UPDATE OF balance ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_available_covered();

-- Sessions that ran the ledger's trigger functions before this migration hold their plans compiled for the old column
-- types, which PostgreSQL refuses to reuse ("type of parameter … does not match"). A function whose catalogue row
-- changed is compiled afresh on its next call in every session: each is touched (its cost set to what it is).
ALTER FUNCTION journal_entry_check(uuid) COST 100;
ALTER FUNCTION journal_entries_check_new() COST 100;
ALTER FUNCTION journal_lines_check_entry() COST 100;
ALTER FUNCTION ledger_accounts_guard() COST 100;
ALTER FUNCTION ledger_append_only() COST 100;
`;
