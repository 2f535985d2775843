import { describe, expect, it } from 'vitest';
import { createPgliteDb } from './client';
import { migrate, migrations } from './migrate';
import { createTestDb } from '../test/db';

/**
 * Migration 0025 renames settlements to payouts (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md) on a
 * database holding payouts made before it: a paid one covering a payment, a live one still pending at the transfer
 * provider, and a payout request's idempotency key.
 */
describe('migration 0025', () => {
  it('keeps the payouts, the payments they cover, their guards and an idempotency key, under the new names', async () => {
    // A database as it stood before 0025, on the engine of this run, made from nothing and migrated step by step.
    const empty = process.env.TEST_DB === 'postgres' ? await createTestDb({ empty: true }) : { db: createPgliteDb() };
    const { db } = empty;
    const drop = 'drop' in empty ? empty.drop : () => db.close();
    try {
      const before = migrations.findIndex((m) => m.id === '0025-payouts');
      for (const migration of migrations.slice(0, before)) await db.exec(migration.sql);
      await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const migration of migrations.slice(0, before)) await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);

      const company = await db.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         SELECT 'Adebayo Foods', 'ops@adebayo.ng', '+2348012345678', 'https://adebayo.ng', id, '1 Marina, Lagos', 'RC123456' FROM countries LIMIT 1 RETURNING id`,
      );
      const companyId = company.rows[0]!.id;
      const made = await db.query<{ id: string }>(
        `INSERT INTO settlements (company_id, livemode, amount, status, bank_name, bank_code, account_number, account_name, transfer_reference, paid_at, provider, next_check_at)
         VALUES ($1, false, 98500, 'paid', 'First Bank of Nigeria', '011', '0123456789', 'ADEBAYO FOODS LTD', 'po-0a1b2c3d4e5f60718293', now(), 'sandbox', NULL),
                ($1, true, 250000, 'pending', 'First Bank of Nigeria', '011', '0123456789', 'ADEBAYO FOODS LTD', 'po-1a1b2c3d4e5f60718293', NULL, 'paystack', now())
         RETURNING id`,
        [companyId],
      );
      const [paid, pending] = made.rows.map((row) => row.id) as [string, string];
      await db.query(
        `INSERT INTO transactions (company_id, livemode, reference, provider_reference, amount, fee, net, status, provider, channel, customer_email, paid_at, available_at, released_at, settlement_id)
         VALUES ($1, false, 'order-1', 'fp-0000000000000000000a', 100000, 1500, 98500, 'success', 'sandbox', 'card', 'ada@customer.ng', now(), now(), now(), $2)`,
        [companyId, paid],
      );
      await db.query(
        `INSERT INTO idempotency_keys (company_id, livemode, key, request_hash, status, response_status, response_body, effect_type, effect_id)
         VALUES ($1, false, 'payout-1', 'hash', 'done', 201, '{}', 'settlement', $2)`,
        [companyId, paid],
      );

      expect(await migrate(db)).toEqual(migrations.slice(before).map((m) => m.id));

      const payouts = await db.query<{ id: string; status: string; amount: string }>('SELECT id, status, amount::text AS amount FROM payouts ORDER BY livemode');
      expect(payouts.rows).toEqual([
        { id: paid, status: 'paid', amount: '98500' },
        { id: pending, status: 'pending', amount: '250000' },
      ]);
      const covered = await db.query<{ payout_id: string }>("SELECT payout_id FROM transactions WHERE reference = 'order-1'");
      expect(covered.rows).toEqual([{ payout_id: paid }]);
      const key = await db.query<{ effect_type: string; effect_id: string }>("SELECT effect_type, effect_id FROM idempotency_keys WHERE key = 'payout-1'");
      expect(key.rows).toEqual([{ effect_type: 'payout', effect_id: paid }]);
      const moves = await db.query<{ from_status: string; to_status: string }>("SELECT from_status, to_status FROM status_transitions WHERE table_name = 'payouts' ORDER BY 2");
      expect(moves.rows).toEqual([
        { from_status: 'pending', to_status: 'failed' },
        { from_status: 'pending', to_status: 'paid' },
      ]);

      // The guards follow the table: a paid payout stays paid, an owner and amount do not change, a pending one may fail.
      await expect(db.query("UPDATE payouts SET status = 'failed', failed_at = now(), failure_reason = 'x' WHERE id = $1", [paid])).rejects.toThrow(
        /a paid row of payouts cannot become failed|a paid payouts stays paid/,
      );
      await expect(db.query('UPDATE payouts SET amount = 1 WHERE id = $1', [pending])).rejects.toThrow('the owner and amount of payouts do not change');
      await db.query("UPDATE payouts SET status = 'failed', failed_at = now(), failure_reason = 'The transfer failed at the bank.', next_check_at = NULL WHERE id = $1", [pending]);
      // A payout must exist for a payment to name it, and an idempotency key's effect is one of the new names.
      await expect(db.query("UPDATE transactions SET payout_id = gen_random_uuid() WHERE reference = 'order-1'")).rejects.toMatchObject({ code: '23503' });
      await expect(db.query("UPDATE idempotency_keys SET effect_type = 'settlement' WHERE key = 'payout-1'")).rejects.toMatchObject({ code: '23514' });

      // Nothing is left under the old name.
      const named = await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relname LIKE '%settlement%'
          UNION ALL SELECT conname FROM pg_constraint WHERE conname LIKE '%settlement%'
          UNION ALL SELECT tgname FROM pg_trigger WHERE tgname LIKE '%settlement%'
          UNION ALL SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name LIKE '%settlement%'`,
      );
      expect(named.rows).toEqual([]);
    } finally {
      await drop();
    }
  }, 180_000);
});
