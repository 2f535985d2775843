import { reputationMessages } from '@fipay/contracts/reputation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import type { Merchant } from '../../plugins/merchant-auth';
import { walletBalances } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { createOffer, marketOffers } from './offers';
import { recomputeBadges, tradeStatistics } from './reputation';
import { cancelTrade, disputeTrade, markPaid, openTrade, releaseTrade, ruleOnTrade } from './trades';

/** Feedback, trade partners, statistics and badges (ADR 0087), over HTTP with secret keys and through the domain functions. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { MARKET_MAKER_FEE_BPS: '0', MARKET_TAKER_FEE_BPS: '0' } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);
const ctx = () => server.app.ctx;
const as = (company: { id: string }, livemode = false): Merchant => ({ companyId: company.id, livemode, via: { kind: 'secret-key', keyId: 'test' } });
const USDT = (whole: number) => BigInt(whole) * 1_000_000n;
const live = (company: { accessToken: string }) => ({ token: company.accessToken, headers: { 'FiPay-Mode': 'live' } });

/**
 * A vendor selling USDT for naira with two buyers and four trades of known shape: A (buyer 1, by balance, completed
 * at once), B (buyer 2, paid after 120 s, released 300 s later), C (buyer 1, cancelled), D (buyer 2, paid after 60 s,
 * disputed by the vendor and released to the buyer by a ruling: the vendor lost it).
 */
async function tradedVendor() {
  const vendor = await newCompany();
  const account = await addMethod(vendor, { kind: 'ng_bank_account' });
  await fund(vendor, 'USDT', USDT(1000));
  const offer = await createOffer(ctx(), as(vendor), {
    side: 'sell',
    asset: 'USDT',
    fiat: 'NGN',
    price: 165_000n,
    total: USDT(500),
    minTrade: USDT(1),
    maxTrade: USDT(100),
    methods: [{ method: 'fipay_balance' }, { method: 'ng_bank_transfer', paymentMethodId: account }],
  });
  const buyer1 = await newCompany();
  const buyer2 = await newCompany();
  const stranger = await newCompany();
  await fund(buyer1, 'NGN', 100_000_000n);
  const a = await openTrade(ctx(), as(buyer1), { offerId: offer.id, amount: USDT(20), method: 'fipay_balance' });
  const b = await openTrade(ctx(), as(buyer2), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
  await markPaid(ctx(), as(buyer2), b.id);
  await releaseTrade(ctx(), as(vendor), b.id);
  await server.db.query("UPDATE trades SET paid_at = created_at + interval '120 seconds', ended_at = created_at + interval '420 seconds' WHERE id = $1", [b.id]);
  const c = await openTrade(ctx(), as(buyer1), { offerId: offer.id, amount: USDT(5), method: 'ng_bank_transfer' });
  await cancelTrade(ctx(), as(buyer1), c.id);
  const d = await openTrade(ctx(), as(buyer2), { offerId: offer.id, amount: USDT(15), method: 'ng_bank_transfer' });
  await markPaid(ctx(), as(buyer2), d.id);
  await server.db.query("UPDATE trades SET paid_at = created_at + interval '60 seconds' WHERE id = $1", [d.id]);
  await disputeTrade(ctx(), as(vendor), d.id);
  const { rows } = await server.db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ($1, 'Ada Agent', 'admin') RETURNING id", [`agent-${Date.now()}-${Math.random()}@fipay.test`]);
  await ruleOnTrade(ctx(), rows[0]!.id, d.id, { outcome: 'release', reason: 'The buyer showed the bank transfer.' });
  return { vendor, offer, buyer1, buyer2, stranger, trades: { a, b, c, d } };
}

describe('trade feedback', () => {
  it('takes one feedback per side on a completed or resolved trade, editable for its window; other companies and modes get 404', async () => {
    const { vendor, buyer1, buyer2, stranger, trades } = await tradedVendor();
    const path = (id: string) => `/trades/${id}/feedback`;

    // A cancelled trade takes none; a trade still open takes none.
    const cancelled = await server.api.post(path(trades.c.id), { rating: 'positive' }, { token: buyer1.key });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(reputationMessages.feedbackNotYet);

    const left = await server.api.post(path(trades.a.id), { rating: 'positive', comment: '  Fast and polite.  ' }, { token: buyer1.key });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ canLeave: true, mine: { rating: 'positive', comment: 'Fast and polite.' }, theirs: null });
    // The same side again changes its feedback: still one row.
    const changed = await server.api.post(path(trades.a.id), { rating: 'negative', comment: 'Slow in the end.' }, { token: buyer1.key });
    expect(changed.body.data.mine).toMatchObject({ rating: 'negative', comment: 'Slow in the end.' });
    expect((await server.db.query('SELECT rating FROM trade_feedback WHERE trade_id = $1', [trades.a.id])).rows).toEqual([{ rating: 'negative' }]);

    // The other side leaves its own and sees both; GET /trades/:id carries them.
    await server.api.post(path(trades.a.id), { rating: 'positive' }, { token: vendor.key });
    const trade = await server.api.get(`/trades/${trades.a.id}`, { token: vendor.key });
    expect(trade.body.data.feedback).toMatchObject({ mine: { rating: 'positive', comment: '' }, theirs: { rating: 'negative', comment: 'Slow in the end.' } });
    // A resolved trade takes feedback too.
    expect((await server.api.post(path(trades.d.id), { rating: 'positive' }, { token: buyer2.key })).status).toBe(200);

    // Not a party, another party's trade, another mode: 404, nothing written.
    expect((await server.api.post(path(trades.a.id), { rating: 'positive' }, { token: stranger.key })).status).toBe(404);
    expect((await server.api.get(path(trades.a.id), { token: buyer2.key })).status).toBe(404);
    expect((await server.api.request('POST', `/api/v1${path(trades.a.id)}`, { ...live(buyer1), body: { rating: 'positive' } })).status).toBe(404);
    expect((await server.api.post(path('not-a-trade'), { rating: 'positive' }, { token: buyer1.key })).status).toBe(404);
    expect((await server.api.post(path(trades.a.id), { rating: 'great' }, { token: buyer1.key })).status).toBe(400);
    expect((await server.api.post(path(trades.a.id), { rating: 'positive', comment: 'x'.repeat(501) }, { token: buyer1.key })).status).toBe(400);
    expect((await server.db.query('SELECT count(*)::int AS n FROM trade_feedback WHERE trade_id = $1', [trades.a.id])).rows[0]).toEqual({ n: 2 });

    // Once its window has passed, feedback stays as it is.
    await server.db.query('UPDATE trade_feedback SET editable_until = now() - interval \'1 second\' WHERE trade_id = $1 AND author_company_id = $2', [trades.a.id, buyer1.id]);
    const late = await server.api.post(path(trades.a.id), { rating: 'positive' }, { token: buyer1.key });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(reputationMessages.feedbackLocked);
    expect((await server.api.get(path(trades.a.id), { token: buyer1.key })).body.data).toMatchObject({ canLeave: false, mine: { rating: 'negative' } });

    // Each side's event stream has the feedback.
    const { rows } = await server.db.query<{ company_id: string }>("SELECT company_id FROM events WHERE type = 'trade.feedback_left' AND data->'object'->>'tradeId' = $1", [trades.a.id]);
    expect(new Set(rows.map((r) => r.company_id))).toEqual(new Set([vendor.id, buyer1.id]));
  });
});

describe('trade partners', () => {
  it('lists partners with counts and volume; a blocked business cannot open a trade on your offers and nothing moves', async () => {
    const { vendor, offer, buyer1, buyer2, stranger } = await tradedVendor();
    const listed = await server.api.get('/partners', { token: vendor.key });
    expect(listed.status).toBe(200);
    const byId = new Map(listed.body.data.partners.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(buyer1.id)).toMatchObject({ trades: 2, completed: 1, volume: [{ asset: 'USDT', amount: '20000000' }], mark: null });
    expect(byId.get(buyer2.id)).toMatchObject({ trades: 2, completed: 1, volume: [{ asset: 'USDT', amount: '10000000' }], mark: null });
    expect(byId.size).toBe(2);
    expect((await server.api.get('/partners', { token: stranger.key })).body.data.partners).toEqual([]);
    expect((await server.api.request('GET', '/api/v1/partners', live(vendor))).body.data.partners).toEqual([]);

    // Only a business traded with, in this mode, can be marked.
    expect((await server.api.request('PUT', `/api/v1/partners/${stranger.id}`, { token: vendor.key, body: { mark: 'blocked' } })).status).toBe(404);
    expect((await server.api.request('PUT', `/api/v1/partners/${buyer1.id}`, { ...live(vendor), body: { mark: 'blocked' } })).status).toBe(404);
    expect((await server.api.request('PUT', `/api/v1/partners/${buyer1.id}`, { token: vendor.key, body: { mark: 'banned' } })).status).toBe(400);
    expect((await server.api.request('PUT', `/api/v1/partners/${buyer2.id}`, { token: vendor.key, body: { mark: 'trusted' } })).body.data.mark).toBe('trusted');
    const blocked = await server.api.request('PUT', `/api/v1/partners/${buyer1.id}`, { token: vendor.key, body: { mark: 'blocked' } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ id: buyer1.id, mark: 'blocked' });

    const before = await server.db.query("SELECT (SELECT count(*) FROM trades) AS trades, (SELECT remaining::text FROM offers WHERE id = $1) AS remaining", [offer.id]);
    const vendorUsdt = (await walletBalances(server.db, vendor.id, false)).get('USDT')!.available;
    for (const method of ['fipay_balance', 'ng_bank_transfer']) {
      const refused = await server.api.post('/trades', { offerId: offer.id, amount: '5000000', method }, { token: buyer1.key });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(reputationMessages.blockedByVendor);
    }
    expect((await server.api.post('/trades/quote', { offerId: offer.id, amount: '5000000', method: 'fipay_balance' }, { token: buyer1.key })).status).toBe(403);
    expect((await server.db.query("SELECT (SELECT count(*) FROM trades) AS trades, (SELECT remaining::text FROM offers WHERE id = $1) AS remaining", [offer.id])).rows).toEqual(before.rows);
    expect((await walletBalances(server.db, vendor.id, false)).get('USDT')!.available).toBe(vendorUsdt);
    // Another business still trades; the block is the vendor's, not the buyer's: buyer 1's own mark on the vendor is separate.
    expect((await server.api.post('/trades/quote', { offerId: offer.id, amount: '5000000', method: 'ng_bank_transfer' }, { token: buyer2.key })).status).toBe(200);

    // The buyer blocks the vendor in turn: the vendor's offers leave the buyer's marketplace list, and no one else's.
    const listed1 = async (company: { key: string }) =>
      ((await server.api.get('/marketplace/offers?side=sell&asset=USDT&fiat=NGN&limit=100', { token: company.key })).body.data.offers as { id: string }[]).map((o) => o.id);
    expect(await listed1(buyer1)).toContain(offer.id);
    expect((await server.api.request('PUT', `/api/v1/partners/${vendor.id}`, { token: buyer1.key, body: { mark: 'blocked' } })).status).toBe(200);
    expect(await listed1(buyer1)).not.toContain(offer.id);
    expect(await listed1(buyer2)).toContain(offer.id);

    const unblocked = await server.api.delete(`/partners/${buyer1.id}`, { token: vendor.key });
    expect(unblocked.body.data.mark).toBeNull();
    expect((await server.api.post('/trades/quote', { offerId: offer.id, amount: '5000000', method: 'fipay_balance' }, { token: buyer1.key })).status).toBe(200);
  });
});

describe('trade statistics', () => {
  it('counts trades, volume, completion, pay and release times, disputes and feedback over 30 days and all time', async () => {
    const { vendor, buyer1, buyer2, trades } = await tradedVendor();
    await server.api.post(`/trades/${trades.a.id}/feedback`, { rating: 'positive' }, { token: buyer1.key });
    await server.api.post(`/trades/${trades.b.id}/feedback`, { rating: 'negative', comment: 'Released late.' }, { token: buyer2.key });

    const answer = await server.api.get('/marketplace/statistics', { token: vendor.key });
    expect(answer.status).toBe(200);
    const vendorFigures = {
      trades: 4,
      completed: 2,
      cancelled: 1,
      completionBps: 5000,
      volume: [{ asset: 'USDT', bought: '0', sold: '30000000' }],
      avgPaySeconds: null,
      avgReleaseSeconds: 300,
      disputesOpened: 1,
      disputesLost: 1,
      positiveFeedback: 1,
      negativeFeedback: 1,
    };
    expect(answer.body.data.last30Days).toEqual(vendorFigures);
    expect(answer.body.data.allTime).toEqual(vendorFigures);
    expect(answer.body.data.daily).toHaveLength(30);
    expect(answer.body.data.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), trades: 4, completed: 2 });

    const buyer = (await server.api.get('/marketplace/statistics', { token: buyer2.key })).body.data.allTime;
    expect(buyer).toMatchObject({ trades: 2, completed: 1, completionBps: 5000, volume: [{ asset: 'USDT', bought: '10000000', sold: '0' }], avgPaySeconds: 90, avgReleaseSeconds: null, disputesOpened: 0, disputesLost: 0 });

    // Forty days on, the 30 days are empty and all time is not.
    const later = await tradeStatistics(server.db, as(vendor), new Date(Date.now() + 40 * 86_400_000));
    expect(later.last30Days).toMatchObject({ trades: 0, completionBps: null, volume: [], avgReleaseSeconds: null });
    expect(later.allTime).toEqual(vendorFigures);
    // Another mode has none.
    expect((await server.api.request('GET', '/api/v1/marketplace/statistics', live(vendor))).body.data.allTime).toMatchObject({ trades: 0, volume: [] });
  });
});

describe('trader badges', () => {
  it('grants Power at 250 completed trades in 90 days with 80% completion to a verified business, shows it on its offers, and takes it away when missed', async () => {
    const trader = await newCompany();
    const unverified = await newCompany({ approved: false });
    await fund(trader, 'USDT', USDT(10));
    const offer = await createOffer(ctx(), as(trader), { side: 'sell', asset: 'USDT', fiat: 'NGN', price: 165_000n, total: USDT(10), minTrade: USDT(1), maxTrade: USDT(10), methods: [{ method: 'fipay_balance' }] });
    // Trade facts written as the engine would have ended them: 250 completed trades with an unverified counterparty.
    const insertTrades = (count: number, status: 'completed' | 'cancelled') =>
      server.db.query(
        `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                             seller_fee, buyer_fee, usd_cents, method, payment_method_id, status, ended_at, cancel_reason)
         SELECT false, $1, $2, $3, $3, 'USDT', 'NGN', 1000000, 165000, 165000, 0, 0, 100, 'fipay_balance', NULL, $4, now(), CASE WHEN $4 = 'cancelled' THEN 'buyer' END
           FROM generate_series(1, $5)`,
        [offer.id, trader.id, unverified.id, status, count],
      );
    await insertTrades(249, 'completed');
    await recomputeBadges(server.db);
    expect((await server.api.get('/marketplace/badges', { token: trader.key })).body.data).toMatchObject({ current: null, verified: true, trades90d: 249, completionBps: 10000 });

    await insertTrades(1, 'completed');
    const granted = await recomputeBadges(server.db);
    expect(granted.granted).toBeGreaterThanOrEqual(1);
    const badges = (await server.api.get('/marketplace/badges', { token: trader.key })).body.data;
    expect(badges).toMatchObject({ current: 'power', verified: true, trades90d: 250, completionBps: 10000, lostAt: null });
    expect(badges.criteria.map((c: { level: string }) => c.level)).toEqual(['expert', 'power']);
    // The counterparty has the same trades but no verified business: no badge.
    expect((await server.api.get('/marketplace/badges', { token: unverified.key })).body.data).toMatchObject({ current: null, verified: false, trades90d: 250 });
    // Another mode has none.
    expect((await server.api.request('GET', '/api/v1/marketplace/badges', live(trader))).body.data).toMatchObject({ current: null, computedAt: null });
    // The marketplace shows the vendor's badge beside its offer.
    const { listings } = await marketOffers(server.db, false, { side: 'sell', asset: 'USDT', fiat: 'NGN', limit: 100 }, null);
    expect(listings.find((l) => l.offer.id === offer.id)!.vendor.badge).toBe('power');

    // A run that finds the same level keeps when it was won.
    await recomputeBadges(server.db);
    expect((await server.api.get('/marketplace/badges', { token: trader.key })).body.data.since).toBe(badges.since);

    // 100 cancelled trades: 250 of 350 ended trades completed (71%), below 80%: lost.
    await insertTrades(100, 'cancelled');
    const run = await recomputeBadges(server.db);
    expect(run.lost).toBeGreaterThanOrEqual(1);
    const lost = (await server.api.get('/marketplace/badges', { token: trader.key })).body.data;
    expect(lost).toMatchObject({ current: null, since: null, trades90d: 250, completionBps: 7142 });
    expect(lost.lostAt).not.toBeNull();
    const after = await marketOffers(server.db, false, { side: 'sell', asset: 'USDT', fiat: 'NGN', limit: 100 }, null);
    expect(after.listings.find((l) => l.offer.id === offer.id)!.vendor.badge).toBeNull();
  });

  it('orders offers at one price by their vendors\' 30-day completion rate, pages through them by cursor, and ranks a new offer at once', async () => {
    const [best, worse, unknown] = [await newCompany(), await newCompany(), await newCompany()];
    const counterparty = await newCompany();
    const post = (vendor: { id: string }) =>
      createOffer(ctx(), as(vendor), { side: 'sell', asset: 'BTC', fiat: 'GBP', price: 5_000_000n, total: 100_000n, minTrade: 1000n, maxTrade: 100_000n, methods: [{ method: 'fipay_balance' }] });
    // Posted worst first, so the sequence alone would give the opposite order.
    const offers = { unknown: await post(unknown), worse: await post(worse), best: await post(best) };
    const ended = (vendor: { id: string }, offerId: string, status: 'completed' | 'cancelled', count: number) =>
      server.db.query(
        `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                             seller_fee, buyer_fee, usd_cents, method, status, ended_at, cancel_reason)
         SELECT false, $1, $2, $3, $3, 'BTC', 'GBP', 1000, 5000000, 50, 0, 0, 60, 'fipay_balance', $4, now(), CASE WHEN $4 = 'cancelled' THEN 'buyer' END
           FROM generate_series(1, $5)`,
        [offerId, vendor.id, counterparty.id, status, count],
      );
    await ended(best, offers.best.id, 'completed', 3);
    await ended(worse, offers.worse.id, 'completed', 1);
    await ended(worse, offers.worse.id, 'cancelled', 1);
    const run = await recomputeBadges(server.db);
    expect(run.offersReranked).toBeGreaterThanOrEqual(2);

    const list = async (cursor?: string) =>
      (await marketOffers(server.db, false, { side: 'sell', asset: 'BTC', fiat: 'GBP', limit: 1, ...(cursor ? { cursor } : {}) }, null));
    const order: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list(cursor ?? undefined);
      order.push(...page.listings.map((l) => l.offer.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(order).toEqual([offers.best.id, offers.worse.id, offers.unknown.id]);
    const all = await marketOffers(server.db, false, { side: 'sell', asset: 'BTC', fiat: 'GBP', limit: 10 }, null);
    expect(all.listings.map((l) => l.vendor.completionBps)).toEqual([10000, 5000, null]);

    // A new offer takes its vendor's stored rate when it is posted, before the job runs again.
    const again = await post(best);
    const { rows } = await server.db.query<{ vendor_completion_bps: number }>('SELECT vendor_completion_bps FROM offers WHERE id = $1', [again.id]);
    expect(rows[0]!.vendor_completion_bps).toBe(10000);
    // The cursor is checked as a cursor: another shape is refused, not a failure.
    expect((await server.api.get('/marketplace/offers?side=sell&asset=BTC&fiat=GBP&cursor=5000000:1', { token: best.key })).status).toBe(400);
  });
});
