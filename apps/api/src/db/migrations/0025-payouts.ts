/**
 * A payout is called a payout everywhere (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md): what
 * 0013 and 0014 made as `settlements` takes the name `payouts`, with everything named after it. Renames only: no
 * row is rewritten but the names that are data (the status table's rows, an idempotency key's effect type), and
 * every trigger, guard and foreign key follows its table, since PostgreSQL ties them to the table, not to its name.
 *
 * - `settlements` -> `payouts`; its primary key, indexes, checks, foreign key and triggers renamed to match.
 * - `transactions.settlement_id` -> `payout_id` (its foreign key and the two indexes on it renamed).
 * - `status_transitions`: the rows of `settlements` become those of `payouts` (the guard of 0023 reads the table's
 *   name: TG_TABLE_NAME), and its check allows `payouts` instead.
 * - `idempotency_keys.effect_type`: `settlement` -> `payout`, and its check allows `payout` instead.
 * Events already written keep their type (`settlement.paid`, `settlement.failed`): they are what was sent.
 */
export const sql = /* sql */ `
ALTER TABLE settlements RENAME TO payouts;
ALTER TABLE transactions RENAME COLUMN settlement_id TO payout_id;

DO $$
DECLARE
  item record;
BEGIN
  FOR item IN SELECT conname FROM pg_constraint WHERE conrelid = 'payouts'::regclass AND conname LIKE 'settlements%' LOOP
    EXECUTE format('ALTER TABLE payouts RENAME CONSTRAINT %I TO %I', item.conname, 'payouts' || substr(item.conname, length('settlements') + 1));
  END LOOP;
  FOR item IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE i.indrelid = 'payouts'::regclass AND c.relname LIKE 'settlements%' LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', item.relname, 'payouts' || substr(item.relname, length('settlements') + 1));
  END LOOP;
END $$;
ALTER TRIGGER settlements_forward ON payouts RENAME TO payouts_forward;
ALTER TRIGGER settlements_status ON payouts RENAME TO payouts_status;
ALTER TABLE transactions RENAME CONSTRAINT transactions_settlement_id_fkey TO transactions_payout_id_fkey;
ALTER INDEX transactions_unsettled_idx RENAME TO transactions_not_paid_out_idx;
ALTER INDEX transactions_settlement_idx RENAME TO transactions_payout_idx;

ALTER TABLE status_transitions DROP CONSTRAINT status_transitions_table_name_check;
UPDATE status_transitions SET table_name = 'payouts' WHERE table_name = 'settlements';
ALTER TABLE status_transitions ADD CONSTRAINT status_transitions_table_name_check CHECK (table_name IN ('transactions', 'refunds', 'payouts'));

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_effect_type_check;
UPDATE idempotency_keys SET effect_type = 'payout' WHERE effect_type = 'settlement';
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_effect_type_check
  CHECK (effect_type IN ('transaction', 'refund', 'payout', 'payment_link', 'webhook_endpoint', 'webhook_secret', 'webhook_delivery'));
`;
