import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { migrate } from './db/migrate';
import { createTestDb } from './test/db';
import { insertCompany, preparedPlans, rowsRead } from './test/ledger-rows';
import { listOwnOffers, ownOffersQuery } from './modules/marketplace/offers';
import { listTrades, tradeListQuery } from './modules/marketplace/trades';
import { listTransfers, transferListQuery } from './modules/transfers/transfers';
import { listWithdrawals, withdrawalListQuery } from './modules/withdrawals/withdrawals';

/**
 * A business's page of transfers, withdrawals, trades or offers reads its own rows, whatever other businesses wrote
 * since (docs/decisions/0107-an-owner-s-page-reads-the-owner-s-own-rows.md): a quiet business whose rows are all older
 * than many of a busy one's. The rows are written straight into this file's own database (only the plans and the
 * pages are asked about here; sending, paying out and trading are transfers.test.ts's, withdrawals.test.ts's and the
 * marketplace tests').
 */
let db: Db;
let drop: () => Promise<void>;
let quiet: string;
let busy: string;
let other: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
  quiet = await insertCompany(db, 'Owner Pages');
  busy = await insertCompany(db, 'Owner Pages');
  other = await insertCompany(db, 'Owner Pages');
});
afterAll(() => drop());

const OWN = 300;
const NEWER = 20_000;
const LIMIT = 25;
const scope = () => ({ companyId: quiet, livemode: false });

describe('a transfers page on a busy platform', () => {
  beforeAll(async () => {
    const write = (from: string, to: string, count: number, asset: string) =>
      db.query(
        `INSERT INTO transfers (livemode, from_company_id, to_company_id, asset, amount, usd_cents, recipient_kind, recipient_handle, sent_by_key_id)
         SELECT false, $1, $2, $4, 1000 + g, 1, 'tag', '@plan', gen_random_uuid() FROM generate_series(1, $3::int) g`,
        [from, to, count, asset],
      );
    // The quiet business's sent and received transfers in alternating blocks, then the busy ones'.
    for (let i = 0; i < 3; i++) {
      await write(quiet, busy, OWN / 3, i === 1 ? 'USDC' : 'USDT');
      await write(other, quiet, OWN / 3, 'USDT');
    }
    await write(busy, other, NEWER, 'USDT');
    await db.exec('ANALYZE transfers');
  });

  /** The scope's transfers as one read of the whole table gives them: what the pages must add up to. */
  async function allOf(direction?: 'sent' | 'received', asset?: string): Promise<string[]> {
    const side = direction === 'sent' ? 'from_company_id = $1' : direction === 'received' ? 'to_company_id = $1' : '$1 IN (from_company_id, to_company_id)';
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM transfers WHERE ${side} AND NOT livemode AND ($2::text IS NULL OR asset = $2) ORDER BY seq DESC`,
      [quiet, asset ?? null],
    );
    return rows.map((row) => row.id);
  }

  it('pages through exactly the business own transfers, each way and in an asset, newest first', async () => {
    for (const [direction, asset] of [[undefined, undefined], ['sent', undefined], ['received', undefined], [undefined, 'USDC'], ['sent', 'USDT']] as const) {
      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await listTransfers(db, scope(), { limit: 100, direction, asset, before } as Parameters<typeof listTransfers>[2]);
        seen.push(...page.transfers.map((transfer) => transfer.id));
        if (!page.nextBefore) break;
        before = page.nextBefore;
      }
      expect(seen, `${direction ?? 'both'} ${asset ?? ''}`).toEqual(await allOf(direction, asset));
    }
  });

  it('reads only its own transfers, on page 1 and past a cursor, in custom and generic plans alike', async () => {
    const cursor = (await db.query<{ seq: string }>('SELECT seq::text AS seq FROM transfers WHERE from_company_id = $1 ORDER BY seq DESC OFFSET 150 LIMIT 1', [quiet])).rows[0]!.seq;
    for (const query of [{ limit: LIMIT }, { limit: LIMIT, before: cursor }, { limit: LIMIT, direction: 'sent' }, { limit: LIMIT, direction: 'received', before: cursor }]) {
      const { text, values } = transferListQuery(scope(), query as Parameters<typeof transferListQuery>[1]);
      for (const { mode, reads } of await preparedPlans(db, text, values, 'transfers')) {
        // A page from each side, or (where PostgreSQL prefers the sequence's range below a cursor) the business's own
        // transfers once for each side: never a walk through the 20,000 newer ones of others.
        expect(rowsRead(reads), `${mode}: ${JSON.stringify(query)}`).toBeLessThanOrEqual(2 * 2 * OWN);
      }
    }
  });
});

describe('a withdrawals page on a busy platform', () => {
  beforeAll(async () => {
    const write = (companyId: string, count: number, status: 'paid' | 'pending') =>
      db.query(
        `INSERT INTO withdrawals (company_id, livemode, asset, amount, usd_cents, destination_kind, account_name, bank_code, account_number,
                                  provider, reference, status, next_attempt_at, paid_at, sent_by_key_id)
         SELECT $1, false, 'NGN', 1000 + g, 1, 'settlement_account', 'Owner Pages', '058', '0123456789', 'sandbox', gen_random_uuid()::text,
                $3, CASE WHEN $3 = 'pending' THEN now() END, CASE WHEN $3 = 'paid' THEN now() END, gen_random_uuid()
           FROM generate_series(1, $2::int) g`,
        [companyId, count, status],
      );
    await write(quiet, OWN - 10, 'paid');
    await write(quiet, 10, 'pending');
    await write(busy, NEWER, 'paid');
    await db.exec('ANALYZE withdrawals');
  });

  it('pages through exactly the business own withdrawals, in a status, newest first, reading none of the newer', async () => {
    const all = (await db.query<{ id: string; status: string }>('SELECT id, status FROM withdrawals WHERE company_id = $1 ORDER BY seq DESC', [quiet])).rows;
    for (const status of [undefined, 'pending', 'paid'] as const) {
      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await listWithdrawals(db, scope(), { limit: 40, status, before } as Parameters<typeof listWithdrawals>[2]);
        seen.push(...page.withdrawals.map((withdrawal) => withdrawal.id));
        if (!page.nextBefore) break;
        before = page.nextBefore;
      }
      expect(seen, status ?? 'any').toEqual(all.filter((row) => !status || row.status === status).map((row) => row.id));
    }
    const cursor = all[150]!.id;
    const seq = (await db.query<{ seq: string }>('SELECT seq::text AS seq FROM withdrawals WHERE id = $1', [cursor])).rows[0]!.seq;
    for (const query of [{ limit: LIMIT }, { limit: LIMIT, before: seq }, { limit: LIMIT, status: 'paid' }]) {
      const { text, values } = withdrawalListQuery(scope(), query as Parameters<typeof withdrawalListQuery>[1]);
      for (const { mode, reads } of await preparedPlans(db, text, values, 'withdrawals')) {
        expect(rowsRead(reads), `${mode}: ${JSON.stringify(query)}`).toBeLessThanOrEqual(OWN);
      }
    }
  });
});

describe('a trades page and the own offers on a busy marketplace', () => {
  /** `count` offers of `companyId` (selling USDT for naira at a fixed price), answering their ids, oldest first. */
  const writeOffers = async (companyId: string, count: number) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, total, remaining, min_trade, max_trade)
         SELECT false, $1, 'sell', 'USDT', 'NGN', 'fixed', 1500 + g, 1000000, 1000000, 1000, 1000000 FROM generate_series(1, $2::int) g
         RETURNING id`,
        [companyId, count],
      )
    ).rows.map((row) => row.id);
  /** `count` trades on `offerId` between `seller` and `buyer`, paid from the FiPay balance, in `status`. */
  const writeTrades = (offerId: string, seller: string, buyer: string, count: number, status: 'awaiting_payment' | 'disputed') =>
    db.query(
      `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                           seller_fee, buyer_fee, usd_cents, method, status, disputed_by, disputed_at)
       SELECT false, $1, $2, $3, $3, 'USDT', 'NGN', 1000 + g, 1500, 1500 * (1000 + g), 0, 0, 1, 'fipay_balance', $5,
              CASE WHEN $5 = 'disputed' THEN 'buyer' END, CASE WHEN $5 = 'disputed' THEN now() END
         FROM generate_series(1, $4::int) g`,
      [offerId, seller, buyer, count, status],
    );

  beforeAll(async () => {
    const [quietOffer] = await writeOffers(quiet, OWN);
    const [otherOffer] = await writeOffers(other, 1);
    const [busyOffer] = await writeOffers(busy, NEWER);
    // The quiet business selling and buying in alternating blocks, some in dispute; then the busy ones' trades.
    for (let i = 0; i < 3; i++) {
      await writeTrades(quietOffer!, quiet, other, OWN / 3, i === 1 ? 'disputed' : 'awaiting_payment');
      await writeTrades(otherOffer!, other, quiet, OWN / 3, 'awaiting_payment');
    }
    await writeTrades(busyOffer!, busy, other, NEWER, 'awaiting_payment');
    await db.exec('ANALYZE trades; ANALYZE offers');
  });

  it('pages through exactly the business own trades, in a status, newest first, reading none of the newer', async () => {
    const all = (
      await db.query<{ id: string; status: string; seq: string }>(
        'SELECT t.id, t.status, t.seq::text AS seq FROM trades t WHERE $1 IN (t.seller_company_id, t.buyer_company_id) AND NOT t.livemode ORDER BY t.seq DESC',
        [quiet],
      )
    ).rows;
    expect(all).toHaveLength(2 * OWN);
    for (const status of [undefined, 'disputed', 'awaiting_payment'] as const) {
      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await listTrades(db, scope(), { limit: 100, status, before });
        seen.push(...page.trades.map((trade) => trade.id));
        if (!page.nextBefore) break;
        before = page.nextBefore;
      }
      const want = all.filter((row) => !status || row.status === status).map((row) => row.id);
      expect(seen, status ?? 'any').toEqual(want);
    }
    const cursor = all[150]!.seq;
    for (const query of [{ limit: LIMIT }, { limit: LIMIT, before: cursor }, { limit: LIMIT, status: 'disputed' as const }]) {
      const { text, values } = tradeListQuery(scope(), query);
      for (const { mode, reads } of await preparedPlans(db, text, values, 'trades')) {
        // A page from each side (or the business's own trades once for each side): never the 20,000 newer ones.
        expect(rowsRead(reads), `${mode}: ${JSON.stringify(query)}`).toBeLessThanOrEqual(2 * 2 * OWN);
      }
    }
  });

  it('lists the business own offers, newest first, reading none of the newer', async () => {
    const own = (await db.query<{ id: string }>('SELECT id FROM offers WHERE company_id = $1 ORDER BY seq DESC LIMIT 200', [quiet])).rows.map((row) => row.id);
    expect((await listOwnOffers(db, scope())).map((offer) => offer.id)).toEqual(own);
    const { text, values } = ownOffersQuery(scope());
    for (const { mode, reads } of await preparedPlans(db, text, values, 'offers')) expect(rowsRead(reads), mode).toBeLessThanOrEqual(OWN);
  });
});
