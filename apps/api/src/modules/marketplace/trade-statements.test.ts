import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb, type CountedTransaction } from '../../test/counting-db';
import { createTestDb } from '../../test/db';
import { as, marketFixtures, refusal, USDT } from '../../test/market-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { findOffer } from './offers';
import { openTrade } from './trades';

/**
 * How long opening a trade holds the row every taker of the offer waits for
 * (docs/decisions/0093-a-trade-opens-under-the-offer-lock-for-one-statement.md): the offer's guarded update, both
 * sides' limit rows, the ledger's accounts, the entry and the notices are one statement, the last before COMMIT, and
 * everything no other taker waits for (the buyer's company row, the trade row, events, the chat's message, emails) is
 * written before it. The server's database handle counts each transaction's statements; the first to update `offers`
 * takes the hot lock. Refusals that statement makes (a limit; the offer short, in
 * trades-random.test.ts's 100 takers) write nothing.
 */
const transactions: CountedTransaction[] = [];
let server: TestServer;
// Unapproved businesses may trade $50 a day here; approved ones far more.
const limits = { unapproved: { trade: '5000', send: '5000' }, approved: { trade: '100000000000', send: '100000000000' } };

beforeAll(async () => {
  const { db, drop } = await createTestDb();
  server = await startTestServer({
    database: { db: countingDb(db, transactions, /UPDATE offers/), drop },
    env: { DAILY_LIMITS: JSON.stringify({ ...limits, tier_2: limits.approved, tier_3: limits.approved }), MARKET_MAKER_FEE_BPS: '50', MARKET_TAKER_FEE_BPS: '25' },
  });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, sellingVendor: vendorSelling } = marketFixtures(() => server);
/** A vendor selling 200 USDT, 10 to 100 a trade. */
const sellingVendor = (options: { approved?: boolean } = {}) => vendorSelling({ ...options, offer: { total: USDT(200), maxTrade: USDT(100) } });
const written = async (offerId: string) =>
  (
    await server.db.query<{ trades: string; usage: string; entries: string }>(
      `SELECT (SELECT count(*) FROM trades WHERE offer_id = $1)::text AS trades,
              (SELECT count(*) FROM limit_consumptions WHERE reference IN (SELECT id::text FROM trades WHERE offer_id = $1))::text AS usage,
              (SELECT count(*) FROM journal_entries WHERE kind = 'trade.escrow' AND reference IN (SELECT id::text FROM trades WHERE offer_id = $1))::text AS entries`,
      [offerId],
    )
  ).rows[0]!;

describe('opening a trade', () => {
  it('takes the offer row, both limit rows and the ledger’s accounts in its last statement before COMMIT, with everything else written before', async () => {
    const { offer } = await sellingVendor();
    const buyer = await newCompany();
    // A first trade of the seller opens its escrow account; the second is counted.
    await openTrade(server.app.ctx, as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    const from = transactions.length;
    const trade = await openTrade(server.app.ctx, as(buyer), { offerId: offer.id, amount: USDT(20), method: 'ng_bank_transfer' });
    const locking = transactions.slice(from).filter((t) => t.lockedAt !== null);
    expect(locking).toHaveLength(1);
    const opening = locking[0]!;
    // One statement under the offer's lock: its guarded update, the two usage rows, the accounts in id order, the
    // entry and both sides' notifications.
    expect(opening.statements.length - opening.lockedAt!).toBe(1);
    expect(opening.statements[opening.lockedAt!]).toMatch(
      /UPDATE offers[\s\S]*INSERT INTO limit_usage[\s\S]*INSERT INTO limit_usage[\s\S]*ledger_accounts[\s\S]*FOR UPDATE[\s\S]*INSERT INTO journal_entries[\s\S]*INSERT INTO notifications/,
    );
    expect(opening.statements[opening.lockedAt!]).not.toMatch(/INSERT INTO (trades|events|trade_messages|outbox_emails)/);
    // Before it: the buyer's company row, the trade row, then both events, the chat's message and the vendor's email.
    expect(opening.statements[0]).toMatch(/FROM companies WHERE id = \$1 FOR NO KEY UPDATE/);
    expect(opening.statements[1]).toMatch(/INSERT INTO trades/);
    expect(opening.statements[2]).toMatch(/INSERT INTO events[\s\S]*INSERT INTO events[\s\S]*INSERT INTO trade_messages[\s\S]*INSERT INTO outbox_emails[\s\S]*pg_notify/);
    expect(opening.lockedAt).toBe(3);
    expect(trade.status).toBe('awaiting_payment');
    expect((await findOffer(server.db, false, offer.id))!.remaining).toBe(USDT(170));
    expect(await written(offer.id)).toEqual({ trades: '2', usage: '4', entries: '2' });
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM trade_messages WHERE trade_id = $1 AND system_event = 'opened'", [trade.id]);
    expect(rows[0]!.n).toBe('1');
  });

  it('refuses in that statement when the seller’s or the buyer’s limit is used up, and writes nothing', async () => {
    // An unapproved seller may sell $50 a day: 100 USDT is beyond it.
    const small = await sellingVendor({ approved: false });
    const buyer = await newCompany();
    const seller = await refusal(openTrade(server.app.ctx, as(buyer), { offerId: small.offer.id, amount: USDT(100), method: 'ng_bank_transfer' }));
    expect(seller.code).toBe('LIMIT_EXCEEDED');
    expect(seller.message).toContain('50 USD left today');
    expect(await written(small.offer.id)).toEqual({ trades: '0', usage: '0', entries: '0' });
    expect((await findOffer(server.db, false, small.offer.id))!.remaining).toBe(USDT(200));

    // An unapproved buyer, on an approved seller's offer: the buyer's limit refuses, the seller's is not touched.
    const { offer } = await sellingVendor();
    const poorBuyer = await newCompany({ approved: false });
    const refused = await refusal(openTrade(server.app.ctx, as(poorBuyer), { offerId: offer.id, amount: USDT(100), method: 'ng_bank_transfer' }));
    expect(refused.code).toBe('LIMIT_EXCEEDED');
    expect(await written(offer.id)).toEqual({ trades: '0', usage: '0', entries: '0' });
    expect((await findOffer(server.db, false, offer.id))!.remaining).toBe(USDT(200));
    const usage = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM limit_usage WHERE company_id = ANY($1::uuid[]) AND kind = 'trade'", [[poorBuyer.id, small.vendor.id]]);
    expect(usage.rows[0]!.n).toBe('0');

    // Within the limits the same buyer's smaller trade opens.
    const opened = await openTrade(server.app.ctx, as(poorBuyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    expect(opened.amount).toBe(USDT(10));

    expect(await written(offer.id)).toEqual({ trades: '1', usage: '2', entries: '1' });
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
