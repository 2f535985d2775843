import { describe, expect, it } from 'vitest';
import { as, marketFixtures, USDT } from '../../test/market-fixtures';
import { lockOrderServer, untilWaitingForLock } from '../../test/lock-waits';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { findOffer } from './offers';
import { openTrade } from './trades';

/**
 * The one lock order inside the statement that opens a trade (docs/decisions/0093-a-trade-opens-under-the-offer-lock-for-one-statement.md):
 * the offer's row first, both sides' limit rows and the ledger's accounts only once it has it. A taker waiting for a
 * busy offer holds no limit row and no account, so nothing that holds one (a transfer, a release, a payout, another
 * offer's trade with the same seller) waits for a taker that waits for the offer: no circle. On PostgreSQL, where a
 * second connection can hold the offer's row.
 */
const locks = lockOrderServer((server) => refreshRates(server.app.ctx));

const { newCompany, sellingVendor } = marketFixtures(() => locks.server);

describe('a taker waiting for the offer’s row', () => {
  it('holds neither side’s limit row nor any of the ledger’s accounts while it waits, and opens once the row is free', async () => {
    const { vendor, offer } = await sellingVendor();
    const buyer = await newCompany();
    // A first trade makes today's usage rows of both sides and every account the next one posts to.
    await openTrade(locks.server.app.ctx, as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    const { rows: accounts } = await locks.server.db.query<{ id: string }>(
      "SELECT id FROM ledger_accounts WHERE company_id = $1 AND livemode = false AND currency = 'USDT' AND code IN ('available', 'pending', 'escrow')",
      [vendor.id],
    );
    expect(accounts).toHaveLength(3);

    await locks.withHolderAndProber(async (holder, prober) => {
      // The offer's row held as a taker (or the vendor's edit) holds it: updated, not yet committed.
      await holder.query('BEGIN');
      expect((await holder.query('UPDATE offers SET updated_at = now() WHERE id = $1', [offer.id])).rowCount).toBe(1);
      const opening = openTrade(locks.server.app.ctx, as(buyer), { offerId: offer.id, amount: USDT(20), method: 'ng_bank_transfer' });
      // Until the trade's statement is seen waiting for a lock.
      await untilWaitingForLock(prober, '%offer_taken%', 'the trade');
      // Both usage rows and every account the waiting trade would post to are free: it took none before the offer.
      await prober.query('BEGIN');
      const usage = await prober.query("SELECT 1 FROM limit_usage WHERE company_id = ANY($1::uuid[]) AND livemode = false AND kind = 'trade' ORDER BY company_id FOR UPDATE NOWAIT", [
        [vendor.id, buyer.id],
      ]);
      expect(usage.rowCount).toBe(2);
      const probed = await prober.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE NOWAIT', [accounts.map((a) => a.id)]);
      expect(probed.rowCount).toBe(accounts.length);
      await prober.query('ROLLBACK');
      await holder.query('ROLLBACK');
      const trade = await opening;
      expect(trade.amount).toBe(USDT(20));
    });
    expect((await findOffer(locks.server.db, false, offer.id))!.remaining).toBe(USDT(70));
    expect(await ledgerDiscrepancies(locks.server.db)).toEqual([]);
  });
});
