import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { minorUnits } from '@fipay/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies, walletBalances } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { addTestFunds } from '../wallet/wallet';
import { createTransfer } from './transfers';

/**
 * The wallet's money under a storm (issue 23, "Measured"): 1,000 random operations at once, 20 at a time, across 20
 * businesses and the eight assets — transfers between any two of them and test funds added — on PostgreSQL, where
 * they really run side by side. Afterwards the ledger holds together, no balance is negative, and each asset's total
 * across the businesses is what the test funds put in: transfers only move money.
 */
let server: TestServer;
const limits = { trade: '1000000000000', send: '1000000000000' };
beforeAll(async () => {
  server = await startTestServer({ env: { DAILY_LIMITS: JSON.stringify({ unapproved: limits, approved: limits, tier_2: limits, tier_3: limits }) } });
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

/** A small amount of each asset, in its smallest unit: a few units of fiat, fractions of crypto. */
const unit: Record<AssetCode, bigint> = { NGN: 100n, USD: 100n, GBP: 100n, EUR: 100n, BTC: 10_000n, ETH: 10n ** 14n, USDT: 1_000_000n, USDC: 1_000_000n };

describe('1,000 concurrent transfers and test funds across 20 businesses and 8 assets', () => {
  it('leaves no discrepancy, no negative balance, and every asset’s total equal to the test funds added', async () => {
    const ctx = server.app.ctx;
    const companies: { id: string; tag: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const tag = `storm_${Date.now().toString(36).slice(-5)}_${i}`;
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         VALUES ($1, $2, '+2348012345678', 'https://storm.ng', 160, '1 Marina Road, Lagos', 'RC1234567') RETURNING id`,
        [`Storm Trading ${i}`, `storm-${tag}@example.ng`],
      );
      await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [rows[0]!.id]);
      await server.db.query('INSERT INTO fipay_tags (tag, company_id) VALUES ($1, $2)', [tag, rows[0]!.id]);
      companies.push({ id: rows[0]!.id, tag });
    }
    const scopeOf = (company: { id: string }) => ({ companyId: company.id, livemode: false });
    const added = new Map<AssetCode, bigint>(assetCodes.map((asset) => [asset, 0n]));
    // Each business starts with some of every asset.
    for (const company of companies) {
      for (const asset of assetCodes) {
        await addTestFunds(ctx, { scope: scopeOf(company), asset, amount: unit[asset] * 20n });
        added.set(asset, added.get(asset)! + unit[asset] * 20n);
      }
    }

    const next = random(20261126);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const outcomes = { transfers: 0, shortOrOver: 0, funds: 0 };
    const operation = async () => {
      const asset = pick(assetCodes);
      const from = pick(companies);
      if (next() < 0.15) {
        const amount = unit[asset] * BigInt(1 + Math.floor(next() * 3));
        await addTestFunds(ctx, { scope: scopeOf(from), asset, amount });
        added.set(asset, added.get(asset)! + amount);
        outcomes.funds += 1;
        return;
      }
      let to = pick(companies);
      while (to === from) to = pick(companies);
      // Up to 12 units: often more than the sender has left by then, which must be refused and move nothing.
      const amount = unit[asset] * BigInt(1 + Math.floor(next() * 12));
      try {
        await createTransfer(ctx, { ...scopeOf(from), via: { kind: 'secret-key', keyId: '00000000-0000-4000-8000-000000000001' } }, { asset, amount: minorUnits(amount), to: `@${to.tag}` });
        outcomes.transfers += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'UNPROCESSABLE') throw error;
        outcomes.shortOrOver += 1;
      }
    };
    for (let batch = 0; batch < 50; batch++) await Promise.all(Array.from({ length: 20 }, operation));

    expect(outcomes.transfers + outcomes.shortOrOver + outcomes.funds).toBe(1_000);
    expect(outcomes.transfers).toBeGreaterThan(300);
    expect(outcomes.shortOrOver).toBeGreaterThan(0);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
    const totals = new Map<AssetCode, bigint>(assetCodes.map((asset) => [asset, 0n]));
    for (const company of companies) {
      for (const [asset, balance] of await walletBalances(server.db, company.id, false)) {
        expect(balance.available).toBeGreaterThanOrEqual(0n);
        totals.set(asset, totals.get(asset)! + balance.available);
      }
    }
    expect(Object.fromEntries(totals)).toEqual(Object.fromEntries(added));
    const transfers = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM transfers WHERE from_company_id = ANY($1::uuid[])', [companies.map((c) => c.id)]);
    expect(Number(transfers.rows[0]!.n)).toBe(outcomes.transfers);
  }, 240_000);
});
