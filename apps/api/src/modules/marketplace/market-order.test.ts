import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestDb } from '../../test/db';
import { marketOffers } from './offers';

/**
 * The marketplace's order (price, the vendor's completion rate best first, sequence), page by page, against the same
 * order worked out here: floating offers are read from the margin index between bounds (offers.ts), and this holds the
 * bounds to giving every offer, once, in its place, where many margins round to one price and where none do.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDb()));
afterAll(() => drop());

type Row = { id: string; seq: string; price_kind: string; price: string | null; margin_bps: number | null; vendor_completion_bps: number };

/**
 * A market of `count` offers of one side and pair: fixed prices around `around`, and every third offer floating, its
 * margin `margin` (SQL of the series' `g`; by default -30 to 30 basis points).
 */
async function market(side: 'sell' | 'buy', fiat: 'USD' | 'NGN', around: number, count: number, margin = '(g * 104729) % 61 - 30'): Promise<Row[]> {
  const company = (
    await db.query<{ id: string }>(
      `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
       VALUES ('Vendor', 'vendor@acme.ng', '08030000000', 'https://acme.ng', 1, '1 Marina, Lagos', 'RC1') RETURNING id`,
    )
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, margin_bps, total, remaining, min_trade, max_trade)
     SELECT false, $1, $2, 'USDT', $3, CASE WHEN g % 3 = 0 THEN 'floating' ELSE 'fixed' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE $4::bigint + (g * 7919) % 41 - 20 END,
            CASE WHEN g % 3 = 0 THEN ${margin} END,
            100000000, 100000000, 1000000, 100000000
       FROM generate_series(1, $5::int) g`,
    [company, side, fiat, around, count],
  );
  // Completion rates of every kind, so ties on price go to the rate and then the sequence: set afterwards, as the
  // badge job does (an insert takes the company's rate, none here).
  const { rows } = await db.query<Row>(
    `UPDATE offers SET vendor_completion_bps = CASE WHEN seq % 5 = 0 THEN -1 ELSE (seq * 31) % 4 * 2500 END WHERE company_id = $1
     RETURNING id, seq::text AS seq, price_kind, price::text AS price, margin_bps, vendor_completion_bps`,
    [company],
  );
  expect(new Set(rows.map((r) => r.vendor_completion_bps)).size).toBe(5);
  return rows;
}

/** What a floating offer's price is at a rate: half up, as a trade fixes it. */
const priceAt = (margin: number, rate: { numerator: bigint; denominator: bigint }, scale: bigint) =>
  (2n * rate.numerator * scale * (10000n + BigInt(margin)) + rate.denominator * 10000n) / (2n * rate.denominator * 10000n);

async function everyPage(side: 'sell' | 'buy', fiat: 'USD' | 'NGN', rate: { numerator: bigint; denominator: bigint }, limit: number) {
  const seen: { id: string; price: bigint }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 500; page++) {
    const { listings, nextCursor } = await marketOffers(db, false, { side, asset: 'USDT', fiat, limit, cursor }, rate);
    seen.push(...listings.map((l) => ({ id: l.offer.id, price: l.priceNow })));
    if (!nextCursor) return seen;
    cursor = nextCursor;
  }
  throw new Error('more than 500 pages');
}

function expected(rows: Row[], side: 'sell' | 'buy', rate: { numerator: bigint; denominator: bigint }, scale: bigint) {
  const priced = rows.map((r) => ({ ...r, now: r.price_kind === 'fixed' ? BigInt(r.price!) : priceAt(r.margin_bps!, rate, scale) }));
  priced.sort((a, b) => {
    if (a.now !== b.now) return (a.now < b.now ? -1 : 1) * (side === 'sell' ? 1 : -1);
    if (a.vendor_completion_bps !== b.vendor_completion_bps) return b.vendor_completion_bps - a.vendor_completion_bps;
    return Number(BigInt(a.seq) - BigInt(b.seq));
  });
  return priced.map((r) => ({ id: r.id, price: r.now }));
}

describe('the marketplace list, fixed and floating offers merged', () => {
  it('gives every offer once in order where many margins round to one price (USDT for dollars near 1.00)', async () => {
    // 1.0003 USD a USDT, in cents: a margin step is 0.01 cent, so about a hundred margins share each cent.
    const rate = { numerator: 10003n, denominator: 10000n };
    for (const side of ['sell', 'buy'] as const) {
      const rows = await market(side, 'USD', 100, 240);
      for (const limit of [7, 20]) expect(await everyPage(side, 'USD', rate, limit), `${side}, ${limit} a page`).toEqual(expected(rows, side, rate, 100n));
    }
  });

  it('at the margins’ limits and at rates far from any fixed price, a page of one at a time', async () => {
    // A rate so small that every floating price rounds to nothing, then one so large that each lies beyond every fixed price.
    const rates = [
      { fiat: 'USD' as const, rate: { numerator: 1n, denominator: 10n ** 12n } },
      { fiat: 'NGN' as const, rate: { numerator: 10n ** 20n, denominator: 3n } },
    ];
    for (const { fiat, rate } of rates) {
      for (const side of ['sell', 'buy'] as const) {
        // This market alone: the offers other tests left in the pair are closed before and after.
        const closeAll = () => db.query("UPDATE offers SET status = 'closed' WHERE side = $1 AND fiat = $2 AND status = 'active'", [side, fiat]);
        await closeAll();
        const rows = await market(side, fiat, 150, 45, 'CASE WHEN g % 2 = 0 THEN 5000 ELSE -5000 END');
        expect(await everyPage(side, fiat, rate, 1), `${fiat} ${side}`).toEqual(expected(rows, side, rate, 100n));
        await closeAll();
      }
    }
  });

  it('and where every margin has a price of its own (USDT for naira)', async () => {
    const rate = { numerator: 1650n, denominator: 1n };
    for (const side of ['sell', 'buy'] as const) {
      const rows = await market(side, 'NGN', 165000, 240);
      for (const limit of [7, 20]) expect(await everyPage(side, 'NGN', rate, limit), `${side}, ${limit} a page`).toEqual(expected(rows, side, rate, 100n));
    }
  });
});
