import { marketMessages } from '@fipay/contracts/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { Merchant } from '../../plugins/merchant-auth';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { addTestFunds } from '../wallet/wallet';
import { createOffer, type Offer } from './offers';
import { cancelTrade, disputeTrade, markPaid, openTrade, releaseTrade, ruleOnTrade, sweepTradeTimers } from './trades';

/**
 * The marketplace under a storm (issue 24, "Measured"): 1,000 random trade actions, 20 at a time, across 10 businesses
 * and their offers — open (by balance or bank transfer), mark paid, release, cancel (alone or both), dispute, the
 * timers' sweep, rulings. Refusals (out of turn, too much, a balance short) are part of the storm; anything else
 * fails the test. Afterwards: no ledger discrepancy; each seller's escrow equals its open trades; each offer's amount
 * is what is left plus what its trades still hold or delivered; no trade both released and returned; every asset's
 * total unchanged but for the test funds.
 */
let server: TestServer;
const limits = { trade: '1000000000000', send: '1000000000000' };
beforeAll(async () => {
  server = await startTestServer({
    env: { DAILY_LIMITS: JSON.stringify({ unapproved: limits, approved: limits, tier_2: limits, tier_3: limits }), MARKET_MAKER_FEE_BPS: '30', MARKET_TAKER_FEE_BPS: '20', MARKET_MAX_AWAITING: '50' },
  });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

/** A deterministic generator (mulberry32), so a failure can be run again as it was. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const USDT = 1_000_000n;

describe('1,000 random concurrent trade actions across 10 businesses', () => {
  it('leaves the ledger whole, every escrow equal to its open trades and no offer oversold', async () => {
    const ctx = server.app.ctx;
    const rand = random(24);
    const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!;
    const companies: string[] = [];
    const accounts = new Map<string, string>();
    for (let i = 0; i < 10; i++) {
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         VALUES ($1, $2, '+2348012345678', 'https://storm.ng', 160, '1 Marina Road, Lagos', 'RC1234567') RETURNING id`,
        [`Market Storm ${i}`, `market-storm-${Date.now()}-${i}@example.ng`],
      );
      const id = rows[0]!.id;
      await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [id]);
      const method = await server.db.query<{ id: string }>(
        `INSERT INTO payment_methods (company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, account_key, name_review, usable_from)
         VALUES ($1, false, 'ng_bank_account', 'NGN', 'NG', 'Market Storm Ltd', 'Test Bank', '058', $2, $3, 'not_needed', now() - interval '1 hour') RETURNING id`,
        [id, `01${String(i).padStart(8, '0')}`, `ng:${i}`],
      );
      accounts.set(id, method.rows[0]!.id);
      await addTestFunds(ctx, { scope: { companyId: id, livemode: false }, asset: 'USDT', amount: 5_000n * USDT });
      await addTestFunds(ctx, { scope: { companyId: id, livemode: false }, asset: 'NGN', amount: 8_000_000_00n });
      companies.push(id);
    }
    const as = (companyId: string): Merchant => ({ companyId, livemode: false, via: { kind: 'secret-key', keyId: 'storm' } });
    const offers: Offer[] = [];
    for (const [i, companyId] of companies.entries()) {
      const side = i % 3 === 2 ? 'buy' : 'sell';
      offers.push(
        await createOffer(ctx, as(companyId), {
          side,
          asset: 'USDT',
          fiat: 'NGN',
          ...(i % 2 === 0 ? { price: 160_000n + BigInt(i) * 1_000n } : { marginBps: i * 10 }),
          total: 3_000n * USDT,
          minTrade: 1n * USDT,
          maxTrade: 200n * USDT,
          methods: side === 'sell' ? [{ method: 'fipay_balance' }, { method: 'ng_bank_transfer', paymentMethodId: accounts.get(companyId)! }] : [{ method: 'fipay_balance' }, { method: 'ng_bank_transfer' }],
        }),
      );
    }
    const { rows: agents } = await server.db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ($1, 'Storm Agent', 'admin') RETURNING id", [`storm-agent-${Date.now()}@fipay.test`]);
    const agent = agents[0]!.id;

    // What the storm last saw of each trade. Most actions pick a trade in the state they need, so each kind of move
    // happens whatever order the concurrent actions finish in; the rest pick any trade and are mostly refused.
    const trades: { id: string; seller: string; buyer: string; status: string }[] = [];
    const pickIn = (...statuses: string[]) => {
      const fit = trades.filter((t) => statuses.includes(t.status));
      return fit.length > 0 && rand() < 0.8 ? pick(fit) : pick(trades);
    };
    const tally = new Map<string, number>();
    const action = async () => {
      const roll = rand();
      let name: string;
      let trade: (typeof trades)[number] | undefined;
      try {
        if (roll < 0.35 || trades.length === 0) {
          name = 'open';
          const offer = pick(offers);
          const taker = pick(companies.filter((c) => c !== offer.companyId));
          const method = rand() < 0.3 ? 'fipay_balance' : 'ng_bank_transfer';
          const amount = BigInt(1 + Math.floor(rand() * 200)) * USDT + BigInt(Math.floor(rand() * 1_000_000));
          const opened = await openTrade(ctx, as(taker), { offerId: offer.id, amount, method, paymentMethodId: accounts.get(taker) });
          trades.push({ id: opened.id, seller: opened.sellerCompanyId, buyer: opened.buyerCompanyId, status: opened.status });
        } else if (roll < 0.55) {
          name = 'paid';
          trade = pickIn('awaiting_payment');
          trade.status = (await markPaid(ctx, as(trade.buyer), trade.id)).status;
        } else if (roll < 0.67) {
          name = 'release';
          trade = pickIn('paid');
          trade.status = (await releaseTrade(ctx, as(trade.seller), trade.id)).status;
        } else if (roll < 0.78) {
          name = 'cancel';
          trade = pickIn('awaiting_payment', 'paid');
          trade.status = (await cancelTrade(ctx, as(rand() < 0.5 ? trade.buyer : trade.seller), trade.id)).status;
        } else if (roll < 0.9) {
          name = 'dispute';
          trade = pickIn('paid');
          trade.status = (await disputeTrade(ctx, as(rand() < 0.85 ? trade.seller : trade.buyer), trade.id)).status;
        } else if (roll < 0.98) {
          name = 'ruling';
          trade = pickIn('disputed');
          const outcome = pick(['release', 'return', 'split'] as const);
          trade.status = (await ruleOnTrade(ctx, agent, trade.id, { outcome, buyerAmount: outcome === 'split' ? USDT / 2n : undefined, reason: 'Storm ruling.' })).status;
        } else {
          name = 'timers';
          await sweepTradeTimers(ctx, new Date(Date.now() + 3 * 60 * 60_000), 5);
        }
        tally.set(name, (tally.get(name) ?? 0) + 1);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        tally.set('refused', (tally.get('refused') ?? 0) + 1);
        // Refused for a move the storm did not see (the timers' sweep, another action at the same time): look again.
        if (trade) trade.status = (await server.db.query<{ status: string }>('SELECT status FROM trades WHERE id = $1', [trade.id])).rows[0]!.status;
      }
    };
    for (let round = 0; round < 50; round++) await Promise.all(Array.from({ length: 20 }, action));
    expect([...tally.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
    // The storm did each kind of thing.
    for (const kind of ['open', 'paid', 'release', 'cancel', 'dispute', 'ruling', 'refused']) expect(tally.get(kind) ?? 0, kind).toBeGreaterThan(0);

    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
    // Each seller's escrow is its open trades' amounts and fees.
    const escrow = await server.db.query<{ company_id: string; kept: string; open: string }>(
      `SELECT c.id AS company_id,
              coalesce((SELECT balance FROM ledger_accounts a WHERE a.company_id = c.id AND a.livemode = false AND a.code = 'escrow' AND a.currency = 'USDT'), 0)::text AS kept,
              coalesce((SELECT sum(amount + seller_fee) FROM trades t WHERE t.seller_company_id = c.id AND t.status IN ('awaiting_payment', 'paid', 'disputed')), 0)::text AS open
         FROM companies c WHERE c.id = ANY($1::uuid[])`,
      [companies],
    );
    for (const row of escrow.rows) expect(row.kept, row.company_id).toBe(row.open);
    // No offer oversold: what is left plus what trades hold or delivered is what was offered.
    const offered = await server.db.query<{ id: string; total: string; accounted: string }>(
      `SELECT o.id, o.total::text AS total,
              (o.remaining + coalesce((SELECT sum(amount) FROM trades t WHERE t.offer_id = o.id
                  AND (t.status IN ('awaiting_payment', 'paid', 'disputed', 'completed') OR (t.status = 'resolved' AND t.ruling = 'release'))), 0))::text AS accounted
         FROM offers o WHERE o.id = ANY($1::uuid[])`,
      [offers.map((o) => o.id)],
    );
    for (const row of offered.rows) expect(row.accounted, row.id).toBe(row.total);
    // Each trade ended at most once, and an open one has only its escrow.
    const endings = await server.db.query<{ id: string; status: string; kinds: string[] }>(
      `SELECT t.id, t.status, coalesce(array_agg(e.kind ORDER BY e.kind) FILTER (WHERE e.kind IS NOT NULL), '{}') AS kinds
         FROM trades t LEFT JOIN journal_entries e ON e.reference = t.id::text AND e.kind LIKE 'trade.%'
        GROUP BY t.id, t.status`,
    );
    for (const row of endings.rows) {
      const ends = row.kinds.filter((kind) => ['trade.release', 'trade.return', 'trade.split'].includes(kind));
      if (['awaiting_payment', 'paid', 'disputed'].includes(row.status)) expect(row.kinds, row.id).toEqual(['trade.escrow']);
      else if (row.kinds.includes('trade.swap')) expect(row.kinds, row.id).toEqual(['trade.swap']);
      else expect(ends, row.id).toHaveLength(1);
    }
    // Trades only move money: USDT across the businesses and the platform's fees is what the test funds put in.
    const total = await server.db.query<{ total: string }>(
      "SELECT sum(balance)::text AS total FROM ledger_accounts WHERE livemode = false AND currency = 'USDT' AND (company_id = ANY($1::uuid[]) OR (company_id IS NULL AND code = 'fees'))",
      [companies],
    );
    expect(BigInt(total.rows[0]!.total)).toBe(10n * 5_000n * USDT);
    const negative = await server.db.query("SELECT id FROM ledger_accounts WHERE company_id = ANY($1::uuid[]) AND balance < 0 AND NOT (code = 'available' AND currency = 'NGN')", [companies]);
    expect(negative.rows).toEqual([]);
  }, 240_000);
});

describe('100 concurrent takers on one offer', () => {
  it('opens exactly as many trades as the offer holds, each escrow equal to its trade', async () => {
    const ctx = server.app.ctx;
    const made = async (name: string) => {
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         VALUES ($1, $2, '+2348012345678', 'https://takers.ng', 160, '1 Marina Road, Lagos', 'RC1234567') RETURNING id`,
        [name, `${name.replace(/ /g, '-').toLowerCase()}-${Date.now()}@example.ng`],
      );
      return rows[0]!.id;
    };
    const vendor = await made('Taker Vendor');
    const { rows: method } = await server.db.query<{ id: string }>(
      `INSERT INTO payment_methods (company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, account_key, name_review, usable_from)
       VALUES ($1, false, 'ng_bank_account', 'NGN', 'NG', 'Taker Vendor Ltd', 'Test Bank', '058', '0199999999', 'ng:takers', 'not_needed', now() - interval '1 hour') RETURNING id`,
      [vendor],
    );
    await addTestFunds(ctx, { scope: { companyId: vendor, livemode: false }, asset: 'USDT', amount: 10_000n * USDT });
    const as = (companyId: string): Merchant => ({ companyId, livemode: false, via: { kind: 'secret-key', keyId: 'takers' } });
    const offer = await createOffer(ctx, as(vendor), {
      side: 'sell',
      asset: 'USDT',
      fiat: 'NGN',
      price: 160_000n,
      total: 40n * 7n * USDT,
      minTrade: 7n * USDT,
      maxTrade: 7n * USDT,
      methods: [{ method: 'ng_bank_transfer', paymentMethodId: method[0]!.id }],
    });
    const takers = await Promise.all(Array.from({ length: 100 }, (_, i) => made(`Taker ${i}`)));
    const results = await Promise.allSettled(takers.map((taker) => openTrade(ctx, as(taker), { offerId: offer.id, amount: 7n * USDT, method: 'ng_bank_transfer' })));
    const opened = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Each refusal says the offer has nothing left: from the checks before the transaction (what is left, or the offer
    // no longer active), or from the guarded update in the statement that takes the offer's row.
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect([marketMessages.offerNotActive, marketMessages.amountAboveLeft('0 USDT')]).toContain((r.reason as AppError).message);
    }
    expect(opened).toHaveLength(40);
    const { rows } = await server.db.query<{ remaining: string; status: string; trades: string; escrow: string }>(
      `SELECT o.remaining::text AS remaining, o.status, (SELECT count(*) FROM trades t WHERE t.offer_id = o.id)::text AS trades,
              (SELECT balance::text FROM ledger_accounts a WHERE a.company_id = o.company_id AND a.code = 'escrow' AND a.currency = 'USDT' AND NOT a.livemode) AS escrow
         FROM offers o WHERE o.id = $1`,
      [offer.id],
    );
    expect(rows[0]).toEqual({ remaining: '0', status: 'exhausted', trades: '40', escrow: (40n * (7n * USDT + (7n * USDT * 30n) / 10_000n)).toString() });
    // (the vendor is the maker: 0.30 % on top of each trade's amount, in escrow with it)
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  }, 120_000);
});
