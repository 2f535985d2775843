/**
 * The double-entry ledger: the one source of money truth (DESIGN.md, "Payments platform").
 *
 * - `ledger_accounts`: a company's accounts per mode and currency (pending, available, payouts in
 *   transit) and the platform's per mode and currency (fees, acquirer clearing, bank). `balance` is the
 *   account's balance in its normal direction, kept by the database as lines are written; an account that
 *   may not go negative has a CHECK saying so, so a debit larger than what is there fails under any
 *   concurrency (the UPDATE takes the row lock, the CHECK reads the locked row).
 * - `journal_entries` and `journal_lines`: one entry per money movement; a line's amount is in the
 *   currency's minor unit (kobo), positive for a debit and negative for a credit. The lines of an entry sum
 *   to zero per currency and there are at least two, checked at commit by deferred constraint triggers.
 *   A line's currency and mode are its account's, and its mode its entry's (composite foreign keys).
 * - Entries and lines are append-only: the database refuses UPDATE, DELETE and TRUNCATE on them.
 *   A mistake is corrected by a new entry that reverses it.
 */
export const sql = /* sql */ `
CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid REFERENCES companies (id),
  livemode boolean NOT NULL,
  code text NOT NULL CHECK (code ~ '^[a-z_]{1,40}$'),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  normal_side text NOT NULL CHECK (normal_side IN ('debit', 'credit')),
  allow_negative boolean NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_not_negative CHECK (allow_negative OR balance >= 0),
  UNIQUE NULLS NOT DISTINCT (company_id, livemode, code, currency),
  UNIQUE (id, currency, livemode)
);

CREATE TABLE journal_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  livemode boolean NOT NULL,
  company_id uuid REFERENCES companies (id),
  kind text NOT NULL CHECK (kind ~ '^[a-z_.]{1,60}$'),
  -- What the movement is about (a transaction reference, a refund or settlement id); with kind, at most once.
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (livemode, kind, reference),
  UNIQUE (id, livemode)
);
CREATE INDEX journal_entries_company_idx ON journal_entries (company_id, livemode, created_at DESC);

CREATE TABLE journal_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL,
  account_id uuid NOT NULL,
  currency char(3) NOT NULL,
  livemode boolean NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  FOREIGN KEY (entry_id, livemode) REFERENCES journal_entries (id, livemode),
  FOREIGN KEY (account_id, currency, livemode) REFERENCES ledger_accounts (id, currency, livemode)
);
CREATE INDEX journal_lines_entry_idx ON journal_lines (entry_id);
CREATE INDEX journal_lines_account_idx ON journal_lines (account_id, id);

-- A line moves its account's balance at once (in the account's normal direction), so the CHECK on the
-- account refuses an overdraft in the statement that causes it, holding the row lock until commit.
CREATE FUNCTION journal_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts
     SET balance = balance + CASE normal_side WHEN 'debit' THEN NEW.amount ELSE -NEW.amount END
   WHERE id = NEW.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_apply AFTER INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_apply();

-- At commit: every entry written has at least two lines and sums to zero in each currency.
CREATE FUNCTION journal_entry_check(entry uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line_count integer;
  unbalanced text;
BEGIN
  SELECT count(*) INTO line_count FROM journal_lines WHERE entry_id = entry;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); an entry needs at least two', entry, line_count
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  SELECT string_agg(currency || ' ' || total, ', ') INTO unbalanced
    FROM (SELECT currency, sum(amount) AS total FROM journal_lines WHERE entry_id = entry GROUP BY currency) t
   WHERE total <> 0;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance (%)', entry, unbalanced
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entries_balanced';
  END IF;
END $$;

CREATE FUNCTION journal_entries_check_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_entry_check(NEW.id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_check_new();

CREATE FUNCTION journal_lines_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_entry_check(NEW.entry_id);
  RETURN NULL;
END $$;
-- Lines added later to an entry written in an earlier transaction are checked too.
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_lines_check_entry();

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END $$;
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- An account's balance is changed by its lines only.
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.company_id, NEW.livemode, NEW.code, NEW.currency, NEW.normal_side, NEW.allow_negative)
     IS DISTINCT FROM (OLD.company_id, OLD.livemode, OLD.code, OLD.currency, OLD.normal_side, OLD.allow_negative)
     OR NEW.id <> OLD.id THEN
    RAISE EXCEPTION 'a ledger account''s identity and rules do not change' USING ERRCODE = '42501';
  END IF;
  IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger account''s balance changes only through journal lines' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
`;
