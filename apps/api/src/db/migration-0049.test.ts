import { describe, expect, it } from 'vitest';
import { createPgliteDb } from './client';
import { migrate, migrations } from './migrate';
import { createTestDb } from '../test/db';

/**
 * Migration 0049 gives disputes a row of their own (docs/decisions/0086-trade-disputes.md) on a database holding
 * trades disputed before it: an open dispute for a trade still disputed, a ruled one for a resolved trade, a withdrawn
 * one for a trade the seller released after all, each with a deadline 12 hours after it opened; none for the others.
 */
describe('migration 0049', () => {
  it('opens, rules or withdraws a dispute row for each trade disputed before it', async () => {
    const empty = process.env.TEST_DB === 'postgres' ? await createTestDb({ empty: true }) : { db: createPgliteDb() };
    const { db } = empty;
    const drop = 'drop' in empty ? empty.drop : () => db.close();
    try {
      const before = migrations.findIndex((m) => m.id === '0049-trade-disputes');
      for (const migration of migrations.slice(0, before)) await db.exec(migration.sql);
      await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const migration of migrations.slice(0, before)) await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);

      const company = async (name: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
             SELECT $1, lower(replace($1, ' ', '')) || '@example.ng', '+2348012345678', 'https://example.ng', id, '1 Marina, Lagos', 'RC123456' FROM countries LIMIT 1 RETURNING id`,
            [name],
          )
        ).rows[0]!.id;
      const seller = await company('Kano Desk');
      const buyer = await company('Adebayo Foods');
      const reviewer = (await db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ('agent@fipay.test', 'Ada Agent', 'admin') RETURNING id")).rows[0]!.id;
      const offer = (
        await db.query<{ id: string }>(
          `INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, total, remaining, min_trade, max_trade)
           VALUES (false, $1, 'sell', 'USDT', 'NGN', 'fixed', 165000, 100000000, 40000000, 1000000, 50000000) RETURNING id`,
          [seller],
        )
      ).rows[0]!.id;
      const trade = async (status: string, extra: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                                 seller_fee, buyer_fee, usd_cents, method, status, paid_at, disputed_by, disputed_at, ended_at, ruling, ruling_buyer_amount, ruling_reason, ruled_by)
             SELECT false, $1, $2, $3, $3, 'USDT', 'NGN', 20000000, 165000, 3300000, 0, 0, 2000, 'fipay_balance', $4, now() - interval '3 hours', ${extra}
             RETURNING id`,
            [offer, seller, buyer, status],
          )
        ).rows[0]!.id;
      const disputedAt = "now() - interval '2 hours'";
      const open = await trade('disputed', `'seller', ${disputedAt}, NULL, NULL, NULL, NULL, NULL`);
      const ruled = await trade('resolved', `'system', ${disputedAt}, now(), 'return', 0, 'No payment arrived.', '${reviewer}'`);
      const withdrawn = await trade('completed', `'buyer', ${disputedAt}, now(), NULL, NULL, NULL, NULL`);
      await trade('paid', 'NULL, NULL, NULL, NULL, NULL, NULL, NULL');

      expect(await migrate(db)).toEqual(migrations.slice(before).map((m) => m.id));
      const { rows } = await db.query<{ trade_id: string; status: string; opened_by: string; hours: number; ended: boolean }>(
        `SELECT trade_id, status, opened_by, round(extract(epoch FROM evidence_by - opened_at) / 3600)::int AS hours, ended_at IS NOT NULL AS ended
           FROM trade_disputes ORDER BY opened_by`,
      );
      expect(rows).toEqual([
        { trade_id: withdrawn, status: 'withdrawn', opened_by: 'buyer', hours: 12, ended: true },
        { trade_id: open, status: 'open', opened_by: 'seller', hours: 12, ended: false },
        { trade_id: ruled, status: 'ruled', opened_by: 'system', hours: 12, ended: true },
      ]);
      // The dispute's status moves by the transition table: an open one is ruled; a ruled one stays so.
      await db.query("UPDATE trade_disputes SET status = 'ruled', ended_at = now() WHERE trade_id = $1", [open]);
      await expect(db.query("UPDATE trade_disputes SET status = 'open', ended_at = NULL WHERE trade_id = $1", [ruled])).rejects.toThrow(/cannot become open/);
      await expect(db.query("UPDATE trade_disputes SET evidence_by = now() + interval '1 day' WHERE trade_id = $1", [open])).rejects.toThrow(/do not change/);
    } finally {
      await drop();
    }
  });
});
