import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingDb } from '../../test/counting-db';
import { createTestDb } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { refreshRates } from '../rates/rates';

/**
 * What the marketplace's lists cost in statements, counted at the server's database handle: a page costs the same
 * however many rows it holds (no read per row: a business's trade history or favourites page must not grow a round
 * trip per line).
 */

const statements: string[] = [];
let server: TestServer;
beforeAll(async () => {
  const created = await createTestDb();
  // The workers poll rarely, so what is counted is the request's own.
  server = await startTestServer({
    database: { db: loggingDb(created.db, statements), drop: created.drop },
    pollMs: 3_600_000,
    // The test reads each listed trade on its own page, more than a test key's calls per second.
    rateRules: { merchantTestPerKey: { limit: 1000, windowSeconds: 1 } },
  });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);

/** The statements `send` caused, the fewest of three tries (a key's last use is recorded at most once a minute), and its last answer. */
async function fewest<T>(send: () => Promise<T>): Promise<{ statements: string[]; answer: T }> {
  let least: string[] | null = null;
  let answer!: T;
  for (let i = 0; i < 3; i++) {
    const from = statements.length;
    answer = await send();
    const sent = statements.slice(from);
    if (least === null || sent.length < least.length) least = sent;
  }
  return { statements: least!, answer };
}

describe('statements per marketplace list', () => {
  it('reads a page of trades in the same statements whatever its length, each trade as GET /trades/:id shows it', async () => {
    const vendor = await newCompany();
    const account = await addMethod(vendor, { kind: 'ng_bank_account' });
    await fund(vendor, 'USDT', 1_000_000_000n);
    const posted = await server.api.post(
      '/offers',
      { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '500000000', minTrade: '1000000', maxTrade: '100000000', methods: [{ method: 'ng_bank_transfer', paymentMethodId: account }] },
      { token: vendor.key },
    );
    expect(posted.status).toBe(201);
    // Three buyers, each with a trade opened through the API; then more like them that timed out (rows only), so a page holds many.
    const buyers = [await newCompany(), await newCompany(), await newCompany()];
    for (const buyer of buyers) {
      const opened = await server.api.post('/trades', { offerId: posted.body.data.id, amount: '1000000', method: 'ng_bank_transfer' }, { token: buyer.key, headers: { 'Idempotency-Key': `list-${buyer.id}` } });
      expect(opened.status).toBe(201);
    }
    await server.db.query(
      `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                           seller_fee, buyer_fee, usd_cents, method, payment_method_id, status, cancel_reason, pay_by, ended_at)
       SELECT livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
              seller_fee, buyer_fee, usd_cents, method, payment_method_id, 'cancelled', 'timeout', pay_by, now()
         FROM trades, generate_series(1, 8) WHERE seller_company_id = $1`,
      [vendor.id],
    );

    const short = await fewest(() => server.api.get('/trades?limit=2', { token: vendor.key }));
    const long = await fewest(() => server.api.get('/trades?limit=27', { token: vendor.key }));
    expect(short.answer.body.data.trades).toHaveLength(2);
    expect(long.answer.body.data.trades).toHaveLength(27);
    expect(long.answer.body.data.nextBefore).toBeNull();
    // The key's check and the page: nothing per trade.
    expect(long.statements.length).toBe(short.statements.length);
    expect(long.statements.filter((sql) => /FROM trades/.test(sql))).toHaveLength(1);

    // Each trade of the page is what its own page shows (less its feedback and dispute), for the seller and a buyer.
    for (const [company, page] of [
      [vendor, long.answer.body.data.trades],
      [buyers[1]!, (await server.api.get('/trades?limit=100', { token: buyers[1]!.key })).body.data.trades],
    ] as const) {
      expect(page.length).toBeGreaterThan(1);
      for (const listed of page as { id: string }[]) {
        const { feedback: _feedback, dispute: _dispute, ...one } = (await server.api.get(`/trades/${listed.id}`, { token: company.key })).body.data;
        expect(listed).toEqual(one);
      }
    }
    expect(long.answer.body.data.trades[0]).toMatchObject({ role: 'seller', counterparty: { name: expect.any(String) }, payTo: { accountNumber: expect.any(String), currency: 'NGN' } });
  });

  it('prices a page of favourites with one read of the market, however many floating offers it holds', async () => {
    const keeper = await newCompany();
    const vendor = await newCompany();
    const offer = async (body: object) => {
      const posted = await server.api.post('/offers', { side: 'sell', total: '50000000', minTrade: '1000000', maxTrade: '50000000', methods: [{ method: 'fipay_balance' }], ...body }, { token: vendor.key });
      expect(posted.status).toBe(201);
      const id = posted.body.data.id as string;
      expect((await server.api.request('PUT', `/api/v1/offers/${id}/favorite`, { token: keeper.key })).status).toBe(200);
      return id;
    };
    await offer({ asset: 'USDC', fiat: 'NGN', price: '160000' });
    await offer({ asset: 'USDC', fiat: 'NGN', marginBps: 100 });
    const few = await fewest(() => server.api.get('/favorites', { token: keeper.key }));
    for (const [asset, fiat] of [['USDT', 'NGN'], ['BTC', 'USD'], ['ETH', 'EUR'], ['USDC', 'NGN'], ['USDT', 'NGN'], ['BTC', 'GBP']]) {
      await offer({ asset, fiat, marginBps: -200 });
    }
    const many = await fewest(() => server.api.get('/favorites', { token: keeper.key }));
    expect(many.answer.body.data.offers).toHaveLength(8);
    expect(many.statements.length).toBe(few.statements.length);
    expect(many.statements.filter((sql) => /FROM rates/.test(sql))).toHaveLength(1);
    // Every floating price is priced, each at its own pair's rate.
    for (const listed of many.answer.body.data.offers as { priceKind: string; priceNow: string | null }[]) expect(BigInt(listed.priceNow!)).toBeGreaterThan(0n);
    const prices = new Set((many.answer.body.data.offers as { marginBps: number | null; asset: string; fiat: string; priceNow: string }[]).filter((o) => o.marginBps === -200).map((o) => `${o.asset}/${o.fiat}:${o.priceNow}`));
    expect(prices.size).toBe(5);

    // No floating offer, no read of the market.
    const plain = await newCompany();
    const none = await fewest(() => server.api.get('/favorites', { token: plain.key }));
    expect(none.statements.filter((sql) => /FROM rates/.test(sql))).toHaveLength(0);
  });
});
