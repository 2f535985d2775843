import { describe, expect, it } from 'vitest';
import { createPgliteDb } from './client';
import { migrate, migrations } from './migrate';
import { createTestDb } from '../test/db';
import { accountStatement, ledgerDiscrepancies, post, walletBalances } from '../modules/ledger/ledger';

/**
 * Migration 0034 keeps the ledger in eight assets (docs/decisions/0069-the-ledger-per-asset.md) on a database holding
 * naira postings made before it: each line gets the balance its account had after it, and the balances stay.
 */
describe('migration 0034', () => {
  it('fills in each older line’s balance after, keeps every balance, and then takes amounts beyond 2^63', async () => {
    const empty = process.env.TEST_DB === 'postgres' ? await createTestDb({ empty: true }) : { db: createPgliteDb() };
    const { db } = empty;
    const drop = 'drop' in empty ? empty.drop : () => db.close();
    try {
      const before = migrations.findIndex((m) => m.id === '0034-ledger-per-asset');
      for (const migration of migrations.slice(0, before)) await db.exec(migration.sql);
      await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const migration of migrations.slice(0, before)) await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);

      const company = await db.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         SELECT 'Adebayo Foods', 'ops@adebayo.ng', '+2348012345678', 'https://adebayo.ng', id, '1 Marina, Lagos', 'RC123456' FROM countries LIMIT 1 RETURNING id`,
      );
      const companyId = company.rows[0]!.id;
      // Three charges and a release, written as the ledger wrote them before 0034 (no balance after on the lines).
      for (const [index, amount] of [100_000, 250_000, 40_000].entries()) {
        await db.transaction((tx) =>
          post(tx, {
            livemode: false,
            companyId,
            kind: 'charge.success',
            reference: `order-${index}`,
            lines: [
              { account: { code: 'acquirer_clearing', currency: 'NGN' }, amount },
              { account: { companyId, code: 'pending', currency: 'NGN' }, amount: -amount },
            ],
          }),
        );
      }
      await db.transaction((tx) =>
        post(tx, {
          livemode: false,
          companyId,
          kind: 'settlement.available',
          reference: 'release-1',
          lines: [
            { account: { companyId, code: 'pending', currency: 'NGN' }, amount: 350_000 },
            { account: { companyId, code: 'available', currency: 'NGN' }, amount: -350_000 },
          ],
        }),
      );

      expect(await migrate(db)).toEqual(migrations.slice(before).map((m) => m.id));

      const pending = await accountStatement(db, { companyId, code: 'pending', currency: 'NGN', livemode: false }, { limit: 10 });
      expect(pending.map((line) => [line.amount, line.balanceAfter])).toEqual([
        [-350_000n, 40_000n],
        [40_000n, 390_000n],
        [250_000n, 350_000n],
        [100_000n, 100_000n],
      ]);
      const clearing = await accountStatement(db, { code: 'acquirer_clearing', currency: 'NGN', livemode: false }, { limit: 10 });
      expect(clearing.map((line) => line.balanceAfter)).toEqual([390_000n, 350_000n, 100_000n]);
      expect((await walletBalances(db, companyId, false)).get('NGN')).toMatchObject({ available: 350_000n, pending: 40_000n });
      expect(await ledgerDiscrepancies(db)).toEqual([]);

      // Now an amount of wei beyond 2^63 posts, and the line carries its balance.
      const wei = 2n ** 64n + 7n;
      await db.transaction((tx) =>
        post(tx, {
          livemode: false,
          companyId,
          kind: 'test_funds',
          reference: 'faucet-1',
          lines: [
            { account: { code: 'test_faucet', currency: 'ETH' }, amount: wei },
            { account: { companyId, code: 'available', currency: 'ETH' }, amount: -wei },
          ],
        }),
      );
      const eth = await accountStatement(db, { companyId, code: 'available', currency: 'ETH', livemode: false }, { limit: 1 });
      expect(eth[0]).toMatchObject({ amount: wei, balanceAfter: wei });
      // Entries and lines are append-only again after the fill.
      await expect(db.query('UPDATE journal_lines SET balance_after = 0')).rejects.toThrow(/append-only/);
      expect(await ledgerDiscrepancies(db)).toEqual([]);
    } finally {
      await drop();
    }
  });
});
