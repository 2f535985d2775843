import { favoriteApiMessages, marketApiMessages, marketMessages } from '@fipay/contracts/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { refreshRates } from '../rates/rates';
import { favoriteMessages, MAX_FAVORITES } from './favorites';

/** The marketplace's API over HTTP with secret keys: offers and a trade's steps, and every route closed to other companies and modes. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { MARKET_MAKER_FEE_BPS: '50' } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);

describe('marketplace API', () => {
  it('posts an offer, quotes and opens a trade, pays and releases it, each by its party; other companies and modes get 404', async () => {
    const vendor = await newCompany();
    const buyer = await newCompany();
    const stranger = await newCompany();
    const account = await addMethod(vendor, { kind: 'ng_bank_account' });
    await fund(vendor, 'USDT', 500_000_000n);

    const bad = await server.api.post('/offers', { side: 'sell', asset: 'USDT', fiat: 'BTC', price: '165000', total: '1', minTrade: '1', maxTrade: '1', methods: [{ method: 'fipay_balance' }] }, { token: vendor.key });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(marketMessages.fiatInvalid);

    const posted = await server.api.post(
      '/offers',
      { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '200000000', minTrade: '1000000', maxTrade: '100000000', methods: [{ method: 'ng_bank_transfer', paymentMethodId: account }], terms: 'Pay from an account in your business name.' },
      { token: vendor.key },
    );
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe(marketApiMessages.offerCreated);
    expect(posted.body.data).toMatchObject({ side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', remaining: '200000000', status: 'active', mine: true, methods: [{ method: 'ng_bank_transfer', paymentMethodId: account }] });
    const offerId = posted.body.data.id as string;

    // Another business sees the offer without the vendor's account id; another mode does not see it.
    expect((await server.api.get(`/offers/${offerId}`, { token: buyer.key })).body.data).toMatchObject({ mine: false, methods: [{ method: 'ng_bank_transfer', paymentMethodId: null }] });
    expect((await server.api.request('GET', `/api/v1/offers/${offerId}`, { token: buyer.accessToken, headers: { 'FiPay-Mode': 'live' } })).status).toBe(404);
    expect((await server.api.post(`/offers/${offerId}/pause`, {}, { token: stranger.key })).status).toBe(404);

    const quote = await server.api.post('/trades/quote', { offerId, amount: '10000000', method: 'ng_bank_transfer' }, { token: buyer.key });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ side: 'buy', price: '165000', fiatAmount: '1650000', sellerFee: '50000', buyerFee: '0' });

    const idempotency = { 'Idempotency-Key': `trade-${Date.now()}` };
    const opened = await server.api.post('/trades', { offerId, amount: '10000000', method: 'ng_bank_transfer' }, { token: buyer.key, headers: idempotency });
    expect(opened.status).toBe(201);
    // A process that died after opening the trade, before its answer was kept: the retry that takes the key over
    // answers with that trade and opens no second one.
    await server.db.query("UPDATE idempotency_keys SET status = 'running', response_status = NULL, response_body = NULL, created_at = now() - interval '2 minutes' WHERE key = $1", [idempotency['Idempotency-Key']]);
    const retried = await server.api.post('/trades', { offerId, amount: '10000000', method: 'ng_bank_transfer' }, { token: buyer.key, headers: idempotency });
    expect(retried.status).toBe(201);
    expect(retried.body.data.id).toBe(opened.body.data.id);
    expect((await server.db.query('SELECT id FROM trades WHERE offer_id = $1', [posted.body.data.id])).rows).toHaveLength(1);
    expect(opened.body.data).toMatchObject({ role: 'buyer', status: 'awaiting_payment', fiatAmount: '1650000', payTo: { accountName: 'Acme Trading Ltd', currency: 'NGN' } });
    const tradeId = opened.body.data.id as string;

    for (const path of [`/trades/${tradeId}`]) expect((await server.api.get(path, { token: stranger.key })).status).toBe(404);
    for (const step of ['paid', 'release', 'cancel', 'dispute']) expect((await server.api.post(`/trades/${tradeId}/${step}`, {}, { token: stranger.key })).status).toBe(404);
    expect((await server.api.post(`/trades/${tradeId}/release`, {}, { token: buyer.key })).status).toBe(403);
    expect((await server.api.post(`/trades/${tradeId}/release`, {}, { token: vendor.key })).status).toBe(409);

    const paid = await server.api.post(`/trades/${tradeId}/paid`, {}, { token: buyer.key });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const released = await server.api.post(`/trades/${tradeId}/release`, {}, { token: vendor.key });
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ role: 'seller', status: 'completed' });

    const mine = await server.api.get('/trades?status=completed', { token: buyer.key });
    expect(mine.body.data.trades.map((t: { id: string }) => t.id)).toEqual([tradeId]);
    expect((await server.api.get('/trades', { token: stranger.key })).body.data.trades).toEqual([]);
    // A cursor beyond any trade's sequence number (and a bigint's range) is refused as a cursor, not a failure.
    expect((await server.api.get('/trades?before=9999999999999999999', { token: buyer.key })).status).toBe(400);
    expect((await server.api.get('/offers', { token: vendor.key })).body.data.offers[0]).toMatchObject({ id: offerId, remaining: '190000000' });
    expect((await server.api.post(`/offers/${offerId}/close`, {}, { token: vendor.key })).body.data.status).toBe('closed');
    expect((await server.api.post(`/offers/${offerId}/resume`, {}, { token: vendor.key })).status).toBe(409);
  });

  it('lists active offers best price first, fixed and floating merged, pages by cursor, filters by method and amount', async () => {
    const vendors = [await newCompany(), await newCompany(), await newCompany()];
    const viewer = await newCompany();
    const post = async (vendor: { key: string }, body: Record<string, unknown>) => {
      const answer = await server.api.post('/offers', { asset: 'USDC', fiat: 'NGN', total: '500000000', minTrade: '1000000', maxTrade: '100000000', methods: [{ method: 'fipay_balance' }], ...body }, { token: vendor.key });
      expect(answer.status).toBe(201);
      return answer.body.data.id as string;
    };
    const ids = [
      await post(vendors[0]!, { side: 'sell', price: '170000' }),
      await post(vendors[1]!, { side: 'sell', marginBps: -200 }),
      await post(vendors[2]!, { side: 'sell', price: '150000' }),
      await post(vendors[0]!, { side: 'sell', marginBps: 300, minTrade: '50000000' }),
      await post(vendors[1]!, { side: 'sell', price: '150000' }),
    ];
    const paused = await post(vendors[2]!, { side: 'sell', price: '1' });
    await server.api.post(`/offers/${paused}/pause`, {}, { token: vendors[2]!.key });
    await post(vendors[0]!, { side: 'buy', price: '140000' });
    await post(vendors[1]!, { side: 'buy', price: '145000' });

    const list = async (query: string) => {
      const answer = await server.api.get(`/marketplace/offers?${query}`, { token: viewer.key });
      expect(answer.status).toBe(200);
      return answer.body.data as { offers: { id: string; priceNow: string; vendor: { name: string } }[]; nextCursor: string | null; floatingShown: boolean };
    };
    const all = await list('side=sell&asset=USDC&fiat=NGN&limit=100');
    expect(all.floatingShown).toBe(true);
    expect(all.offers.map((o) => o.id).sort()).toEqual([...ids].sort());
    const prices = all.offers.map((o) => BigInt(o.priceNow));
    expect([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(prices);
    // A floating offer's price now is what a trade opened now would fix.
    const quoted = await server.api.post('/trades/quote', { offerId: ids[1], amount: '1000000', method: 'fipay_balance' }, { token: viewer.key });
    expect(all.offers.find((o) => o.id === ids[1])!.priceNow).toBe(quoted.body.data.price);

    // Two at a time: every offer once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`side=sell&asset=USDC&fiat=NGN&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.offers.map((o) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.offers.map((o) => o.id));

    // Buying offers: the highest price first. Filters: an amount below one offer's minimum leaves it out.
    expect((await list('side=buy&asset=USDC&fiat=NGN')).offers.map((o) => o.priceNow)).toEqual(['145000', '140000']);
    expect((await list('side=sell&asset=USDC&fiat=NGN&amount=2000000&limit=100')).offers.map((o) => o.id)).not.toContain(ids[3]);
    expect((await list('side=sell&asset=USDC&fiat=NGN&method=ng_bank_transfer')).offers).toEqual([]);
    // A signed-out visitor sees the live marketplace only: none of these test offers.
    const visitor = await server.api.get('/public/marketplace/offers?side=sell&asset=USDC&fiat=NGN');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.offers).toEqual([]);
    const live = { token: vendors[0]!.accessToken, headers: { 'FiPay-Mode': 'live' } };
    const posted = await server.api.request('POST', '/api/v1/offers', { ...live, body: { side: 'sell', asset: 'USDC', fiat: 'NGN', price: '160000', total: '5000000', minTrade: '1000000', maxTrade: '5000000', methods: [{ method: 'fipay_balance' }] } });
    expect(posted.status).toBe(201);
    const seen = await server.api.get('/public/marketplace/offers?side=sell&asset=USDC&fiat=NGN');
    expect(seen.body.data.offers).toMatchObject([{ id: posted.body.data.id, livemode: true, mine: false, priceNow: '160000' }]);
    // Another mode sees none of them; a bad fiat is refused.
    const other = await server.api.request('GET', '/api/v1/marketplace/offers?side=sell&asset=USDC&fiat=NGN', { token: viewer.accessToken, headers: { 'FiPay-Mode': 'live' } });
    expect(other.body.data.offers.map((o: { livemode: boolean }) => o.livemode)).toEqual([true]);
    expect((await server.api.get('/marketplace/offers?side=sell&asset=USDC&fiat=USDC', { token: viewer.key })).status).toBe(400);
  });

  it('keeps favourite offers per business and mode: saved once, listed newest first with their vendor, closed ones kept, capped, own and other-mode refused', async () => {
    const vendor = await newCompany();
    const keeper = await newCompany();
    const other = await newCompany();
    const post = async (price: string, marginBps?: number) =>
      (
        await server.api.post(
          '/offers',
          { side: 'sell', asset: 'USDC', fiat: 'NGN', ...(marginBps === undefined ? { price } : { marginBps }), total: '50000000', minTrade: '1000000', maxTrade: '50000000', methods: [{ method: 'fipay_balance' }] },
          { token: vendor.key },
        )
      ).body.data.id as string;
    const fixed = await post('160000');
    const floating = await post('', 100);

    expect((await server.api.request('PUT', `/api/v1/offers/${fixed}/favorite`, { token: keeper.key })).body).toMatchObject({ message: favoriteApiMessages.saved, data: { offerId: fixed, favorite: true } });
    // Saving twice keeps one.
    expect((await server.api.request('PUT', `/api/v1/offers/${fixed}/favorite`, { token: keeper.key })).status).toBe(200);
    expect((await server.api.request('PUT', `/api/v1/offers/${floating}/favorite`, { token: keeper.key })).status).toBe(200);
    // Its own offer, an offer of the other mode, and no offer at all.
    const own = await server.api.request('PUT', `/api/v1/offers/${fixed}/favorite`, { token: vendor.key });
    expect([own.status, own.body.message]).toEqual([409, favoriteMessages.ownOffer]);
    expect((await server.api.request('PUT', `/api/v1/offers/${fixed}/favorite`, { token: keeper.accessToken, headers: { 'FiPay-Mode': 'live' } })).status).toBe(404);
    expect((await server.api.request('PUT', '/api/v1/offers/not-an-offer/favorite', { token: keeper.key })).status).toBe(404);

    await server.api.post(`/offers/${fixed}/close`, {}, { token: vendor.key });
    const listed = await server.api.get('/favorites', { token: keeper.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.offers.map((o: { id: string }) => o.id)).toEqual([floating, fixed]);
    expect(listed.body.data.offers[1]).toMatchObject({ status: 'closed', priceNow: '160000', vendor: { name: expect.any(String) }, mine: false });
    expect(BigInt(listed.body.data.offers[0].priceNow)).toBeGreaterThan(0n);
    // Another business and the other mode see none of them.
    expect((await server.api.get('/favorites', { token: other.key })).body.data.offers).toEqual([]);
    expect((await server.api.request('GET', '/api/v1/favorites', { token: keeper.accessToken, headers: { 'FiPay-Mode': 'live' } })).body.data.offers).toEqual([]);

    expect((await server.api.delete(`/offers/${fixed}/favorite`, { token: keeper.key })).body.data).toEqual({ offerId: fixed, favorite: false });
    expect((await server.api.delete(`/offers/${fixed}/favorite`, { token: keeper.key })).status).toBe(200);
    expect((await server.api.get('/favorites', { token: keeper.key })).body.data.offers.map((o: { id: string }) => o.id)).toEqual([floating]);

    // The cap holds when saves race: fill to one below it, then two saves at once.
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, total, remaining, min_trade, max_trade)
       SELECT false, $1, 'sell', 'USDC', 'NGN', 'fixed', 150000, 1000000, 1000000, 1000000, 1000000 FROM generate_series(1, $2) RETURNING id`,
      [vendor.id, MAX_FAVORITES],
    );
    await server.db.query('INSERT INTO offer_favorites (company_id, livemode, offer_id) SELECT $1, false, unnest($2::uuid[])', [keeper.id, rows.slice(0, MAX_FAVORITES - 2).map((r) => r.id)]);
    const race = await Promise.all(rows.slice(MAX_FAVORITES - 2).map((r) => server.api.request('PUT', `/api/v1/offers/${r.id}/favorite`, { token: keeper.key })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)!.body.message).toBe(favoriteMessages.tooMany);
    expect((await server.db.query('SELECT 1 FROM offer_favorites WHERE company_id = $1 AND livemode = false', [keeper.id])).rows).toHaveLength(MAX_FAVORITES);
  });
});
