import { describe, expect, it } from 'vitest';
import { lockOrderServer, untilWaitingForLock } from '../../test/lock-waits';
import { transferFixtures } from '../../test/transfer-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

/**
 * The one lock order (docs/decisions/0038-one-lock-order-for-money.md, 0070, 0083) inside the one statement that takes
 * a transfer's hot locks: the sender's daily Send limit row first, the ledger's accounts only once it has that row. A
 * transfer waiting for a busy sender's limit row holds no account, so nothing that holds an account (a payout, a
 * freeze, a transfer to the sender) waits for a transfer that waits for the limit row: no circle. On PostgreSQL, where
 * a second connection can hold the row.
 */
const locks = lockOrderServer((server) => refreshRates(server.app.ctx));

const { newCompany, fundDollars } = transferFixtures(() => locks.server);

describe('a transfer waiting for its sender’s limit row', () => {
  it('holds none of the ledger’s accounts while it waits, and goes through once the row is free', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const [alice, bob] = [await newCompany(`lk_a${stamp}`), await newCompany(`lk_b${stamp}`)];
    await fundDollars(alice, 1_000_000n, `locks-${stamp}`);
    // A first transfer makes today's usage row and every account the next one posts to.
    expect((await locks.server.api.post('/transfers', { asset: 'USD', amount: '100', to: `@${bob.tag}` }, { token: alice.key })).status).toBe(201);
    const { rows: accounts } = await locks.server.db.query<{ id: string }>(
      "SELECT id FROM ledger_accounts WHERE company_id = ANY($1::uuid[]) AND livemode = false AND currency = 'USD' AND code IN ('available', 'pending')",
      [[alice.id, bob.id]],
    );
    expect(accounts.length).toBeGreaterThanOrEqual(2);

    await locks.withHolderAndProber(async (holder, prober) => {
      await holder.query('BEGIN');
      const held = await holder.query("SELECT 1 FROM limit_usage WHERE company_id = $1 AND livemode = false AND kind = 'send' FOR UPDATE", [alice.id]);
      expect(held.rowCount).toBe(1);
      const sending = locks.server.api.post('/transfers', { asset: 'USD', amount: '200', to: `@${bob.tag}` }, { token: alice.key });
      // Until the transfer's statement is seen waiting for a lock (the holder's: the one row it holds). The view shows
      // a statement's first 1,024 bytes (track_activity_query_size), where the transfer's begins with its row.
      await untilWaitingForLock(prober, 'WITH made AS (%INSERT INTO transfers%', 'the transfer');
      // Every account the waiting transfer would post to is free: it took none before the limit row.
      await prober.query('BEGIN');
      const probed = await prober.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE NOWAIT', [accounts.map((a) => a.id)]);
      expect(probed.rowCount).toBe(accounts.length);
      await prober.query('ROLLBACK');
      await holder.query('ROLLBACK');
      const sent = await sending;
      expect(sent.status).toBe(201);
    });
    expect(await ledgerDiscrepancies(locks.server.db)).toEqual([]);
  });
});
