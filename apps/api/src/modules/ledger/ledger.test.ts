import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb } from '../../test/db';
import { insertCompany } from '../../test/ledger-rows';
import {
  accountStatement,
  AlreadyPostedError,
  AmountTooLargeError,
  companyBalances,
  InsufficientBalanceError,
  ledgerDiscrepancies,
  lockAccounts,
  LockOrderError,
  post,
  walletBalances,
  type AccountStatementLine,
  type Entry,
  type Line,
} from './ledger';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
});
afterAll(() => drop());

const newCompany = () => insertCompany(db, 'Ledger Test');

let references = 0;
const reference = () => `ref_${++references}`;

/** A successful charge of `amount` kobo with `fee` kept: clearing is owed the amount, the company's pending the net. */
const charge = (companyId: string, amount: number, fee: number, livemode = false): Entry => ({
  livemode,
  companyId,
  kind: 'charge.success',
  reference: reference(),
  lines: ([
    { account: { code: 'acquirer_clearing', currency: 'NGN' }, amount },
    { account: { companyId, code: 'pending', currency: 'NGN' }, amount: -(amount - fee) },
    { account: { code: 'fees', currency: 'NGN' }, amount: -fee },
  ] satisfies Line[]).filter((line) => line.amount !== 0),
});
const settle = (companyId: string, amount: number, livemode = false): Entry => ({
  livemode,
  companyId,
  kind: 'settlement.available',
  reference: reference(),
  lines: [
    { account: { companyId, code: 'pending', currency: 'NGN' }, amount },
    { account: { companyId, code: 'available', currency: 'NGN' }, amount: -amount },
  ],
});
const refund = (companyId: string, amount: number, livemode = false): Entry => ({
  livemode,
  companyId,
  kind: 'refund',
  reference: reference(),
  lines: [
    { account: { companyId, code: 'available', currency: 'NGN' }, amount },
    { account: { code: 'acquirer_clearing', currency: 'NGN' }, amount: -amount },
  ],
});

const inTx = <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn);

/** The database's own error for a statement, with its SQLSTATE code. */
async function refusal(fn: (tx: Queryable) => Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await inTx(fn);
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error('expected the database to refuse this');
}

describe('the ledger', () => {
  it('moves a company’s pending and available balances with each entry, per mode', async () => {
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 1_000_000, 25_000)));
    expect(await companyBalances(db, company, false)).toEqual([{ currency: 'NGN', available: 0, pending: 975_000, payoutsInTransit: 0 }]);
    await inTx((tx) => post(tx, settle(company, 975_000)));
    await inTx((tx) => post(tx, refund(company, 300_000)));
    expect(await companyBalances(db, company, false)).toEqual([{ currency: 'NGN', available: 675_000, pending: 0, payoutsInTransit: 0 }]);
    // Live mode has its own accounts: nothing there yet.
    expect(await companyBalances(db, company, true)).toEqual([]);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('posts a kind and reference once', async () => {
    const company = await newCompany();
    const entry = charge(company, 500_000, 17_500);
    await inTx((tx) => post(tx, entry));
    await expect(inTx((tx) => post(tx, entry))).rejects.toBeInstanceOf(AlreadyPostedError);
    expect((await companyBalances(db, company, false))[0]!.pending).toBe(482_500);
  });

  it('refuses before writing anything an entry that does not sum to zero, has one line or a fractional amount', async () => {
    const company = await newCompany();
    const unbalanced = charge(company, 1_000, 0);
    unbalanced.lines[0]!.amount = BigInt(unbalanced.lines[0]!.amount) + 1n;
    await expect(inTx((tx) => post(tx, unbalanced))).rejects.toThrow('sum to zero; NGN sums to 1');
    const oneLine = { ...charge(company, 1_000, 0), lines: [{ account: { companyId: company, code: 'pending', currency: 'NGN' }, amount: 1 }] } satisfies Entry;
    await expect(inTx((tx) => post(tx, oneLine))).rejects.toThrow('at least two lines');
    const fractional = charge(company, 1_000, 0);
    fractional.lines[0]!.amount = 1_000.5;
    fractional.lines[1]!.amount = -1_000.5;
    await expect(inTx((tx) => post(tx, fractional))).rejects.toThrow('non-zero whole number');
    expect(await companyBalances(db, company, false)).toEqual([]);
  });

  describe('held together by the database itself', () => {
    async function accountsOf(company: string) {
      await inTx((tx) => post(tx, charge(company, 10_000, 0)));
      const { rows } = await db.query<{ id: string; code: string }>('SELECT id, code FROM ledger_accounts WHERE company_id = $1 OR company_id IS NULL', [company]);
      const { rows: entries } = await db.query<{ id: string }>('SELECT id FROM journal_entries WHERE company_id = $1', [company]);
      return { pending: rows.find((r) => r.code === 'pending')!.id, clearing: rows.find((r) => r.code === 'acquirer_clearing')!.id, entry: entries[0]!.id };
    }

    it('refuses at commit an entry written by hand whose lines do not sum to zero, or that has a single line', async () => {
      const company = await newCompany();
      const { pending, clearing } = await accountsOf(company);
      const unbalanced = await refusal(async (tx) => {
        const { rows } = await tx.query<{ id: string }>("INSERT INTO journal_entries (livemode, company_id, kind, reference) VALUES (false, $1, 'manual', 'by-hand-1') RETURNING id", [company]);
        await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, 500)", [rows[0]!.id, clearing]);
        await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, -499)", [rows[0]!.id, pending]);
      });
      expect(unbalanced).toMatchObject({ code: '23514', message: expect.stringContaining('does not balance (NGN 1)') });
      const single = await refusal(async (tx) => {
        await tx.query("INSERT INTO journal_entries (livemode, company_id, kind, reference) VALUES (false, $1, 'manual', 'by-hand-2')", [company]);
      });
      expect(single).toMatchObject({ code: '23514', message: expect.stringContaining('has 0 line(s)') });
      expect(await db.query("SELECT 1 FROM journal_entries WHERE kind = 'manual'")).toMatchObject({ rows: [] });
      expect(await ledgerDiscrepancies(db)).toEqual([]);
    });

    it('refuses a line added later to an entry already written, when it unbalances it', async () => {
      const company = await newCompany();
      const { pending, entry } = await accountsOf(company);
      const added = await refusal((tx) => tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, -1)", [entry, pending]));
      expect(added).toMatchObject({ code: '23514', message: expect.stringContaining('does not balance') });
    });

    it('checks a line added after its entry was checked early in the same transaction (SET CONSTRAINTS ALL IMMEDIATE)', async () => {
      const company = await newCompany();
      const { pending } = await accountsOf(company);
      const late = await refusal(async (tx) => {
        await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
        await post(tx, charge(company, 20_000, 0));
        const { rows } = await tx.query<{ id: string }>('SELECT id FROM journal_entries WHERE company_id = $1 ORDER BY created_at DESC, id LIMIT 1', [company]);
        await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, -1)", [rows[0]!.id, pending]);
      });
      expect(late).toMatchObject({ code: '23514', message: expect.stringContaining('does not balance') });
      // Checked early, a balanced posting still commits.
      await inTx(async (tx) => {
        await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
        await post(tx, charge(company, 30_000, 0));
      });
      expect(await ledgerDiscrepancies(db)).toEqual([]);
    });

    it('refuses a line in another mode than its account or its entry', async () => {
      const company = await newCompany();
      const { pending, entry } = await accountsOf(company);
      const otherMode = await refusal((tx) => tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', true, 1)", [entry, pending]));
      expect(otherMode.code).toBe('23503');
      const otherCurrency = await refusal((tx) => tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'USD', false, 1)", [entry, pending]));
      expect(otherCurrency.code).toBe('23503');
    });

    it('refuses to change or delete entries and lines, and to set a balance by hand', async () => {
      const company = await newCompany();
      const { pending, entry } = await accountsOf(company);
      for (const statement of [
        ['UPDATE journal_lines SET amount = amount * 2 WHERE entry_id = $1', entry],
        ['DELETE FROM journal_lines WHERE entry_id = $1', entry],
        ["UPDATE journal_entries SET description = 'changed' WHERE id = $1", entry],
        ['DELETE FROM journal_entries WHERE id = $1', entry],
        ['UPDATE ledger_accounts SET balance = 1000000000 WHERE id = $1', pending],
        ['UPDATE ledger_accounts SET allow_negative = true WHERE id = $1', pending],
        ['DELETE FROM ledger_accounts WHERE id = $1', pending],
      ] as const) {
        const refused = await refusal((tx) => tx.query(statement[0], [statement[1]]));
        expect(refused, statement[0]).toMatchObject({ code: '42501' });
      }
      expect((await refusal((tx) => tx.exec('TRUNCATE journal_lines'))).code).toBe('42501');
      expect((await companyBalances(db, company, false))[0]!.pending).toBe(10_000);
      expect(await ledgerDiscrepancies(db)).toEqual([]);
    });
  });

  it('never lets a company balance go negative: of 50 concurrent refunds only those the balance covers go through', async () => {
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 2_000_000, 0)));
    await inTx((tx) => post(tx, settle(company, 2_000_000)));
    // ₦20,000 available; 50 refunds of ₦1,000 each: exactly 20 fit.
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => inTx((tx) => post(tx, refund(company, 100_000)))));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
    expect(await companyBalances(db, company, false)).toEqual([{ currency: 'NGN', available: 0, pending: 0, payoutsInTransit: 0 }]);
    const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM journal_entries WHERE company_id = $1 AND kind = 'refund'", [company]);
    expect(Number(rows[0]!.n)).toBe(20);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('checks a refund against available and pending as its own statement locked them, while releases move money between the two', async () => {
    // The check runs in the posting statement from the balances its FOR UPDATE read (ADR 0063): ₦20,000 pending and
    // nothing available, 60 refunds of ₦1,000 and 10 releases of ₦500 at once: exactly 20 refunds fit.
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 2_000_000, 0)));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 70 }, (_, i) => inTx((tx) => post(tx, i % 7 === 3 ? settle(company, 50_000) : refund(company, 100_000)))),
    );
    const refunds = outcomes.filter((_, i) => i % 7 !== 3);
    expect(refunds.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    for (const o of refunds.filter((o) => o.status === 'rejected')) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
    expect(outcomes.filter((_, i) => i % 7 === 3).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(await companyBalances(db, company, false)).toEqual([{ currency: 'NGN', available: -1_500_000, pending: 1_500_000, payoutsInTransit: 0 }]);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('posts concurrently to the same accounts from both sides without deadlocking', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    for (const company of [a, b]) {
      await inTx((tx) => post(tx, charge(company, 1_000_000, 0)));
      await inTx((tx) => post(tx, settle(company, 1_000_000)));
    }
    // Transfers a→b and b→a list their lines in opposite orders; 40 of them at once.
    const transfer = (from: string, to: string): Entry => ({
      livemode: false,
      companyId: from,
      kind: 'transfer',
      reference: reference(),
      lines: [
        { account: { companyId: from, code: 'available', currency: 'NGN' }, amount: 1_000 },
        { account: { companyId: to, code: 'available', currency: 'NGN' }, amount: -1_000 },
      ],
    });
    await Promise.all(Array.from({ length: 40 }, (_, i) => inTx((tx) => post(tx, i % 2 ? transfer(a, b) : transfer(b, a)))));
    expect((await companyBalances(db, a, false))[0]!.available).toBe(1_000_000);
    expect((await companyBalances(db, b, false))[0]!.available).toBe(1_000_000);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('lets the available balance go below zero only down to what is pending, checked by the database at commit', async () => {
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 100_000, 0)));
    // 100,000 pending, 0 available: a refund of 60,000 takes available to -60,000, covered by what is pending.
    await inTx((tx) => post(tx, refund(company, 60_000)));
    expect((await companyBalances(db, company, false))[0]).toMatchObject({ available: -60_000, pending: 100_000 });
    // 40,001 more would leave available + pending below zero.
    await expect(inTx((tx) => post(tx, refund(company, 40_001)))).rejects.toBeInstanceOf(InsufficientBalanceError);
    await inTx((tx) => post(tx, refund(company, 40_000)));
    // Pending itself never goes below zero.
    await expect(inTx((tx) => post(tx, settle(company, 100_001)))).rejects.toBeInstanceOf(InsufficientBalanceError);
    // Written by hand, past the ledger's code, the database refuses it at commit.
    const { rows: accounts } = await db.query<{ id: string; code: string }>("SELECT id, code FROM ledger_accounts WHERE company_id = $1 OR (company_id IS NULL AND code = 'acquirer_clearing' AND NOT livemode)", [company]);
    const byHand = await refusal(async (tx) => {
      const { rows } = await tx.query<{ id: string }>("INSERT INTO journal_entries (livemode, company_id, kind, reference) VALUES (false, $1, 'manual', 'overdraw-1') RETURNING id", [company]);
      await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, 1)", [rows[0]!.id, accounts.find((a) => a.code === 'available')!.id]);
      await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, -1)", [rows[0]!.id, accounts.find((a) => a.code === 'acquirer_clearing')!.id]);
    });
    expect(byHand).toMatchObject({ code: '23514', message: expect.stringContaining('below what is pending') });
    await inTx((tx) => post(tx, settle(company, 100_000)));
    expect((await companyBalances(db, company, false))[0]).toMatchObject({ available: 0, pending: 0 });
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('holds a posting’s floors at zero in its statement, where the database would let naira’s available dip to what is pending', async () => {
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 100_000, 0)));
    await inTx((tx) => post(tx, settle(company, 30_000)));
    // 30,000 available, 70,000 pending: a refund of 50,000 is covered by pending, but not with available as a floor.
    const available = { companyId: company, code: 'available', currency: 'NGN' } as const;
    await expect(inTx((tx) => post(tx, refund(company, 50_000), { floors: [available] }))).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect((await companyBalances(db, company, false))[0]).toMatchObject({ available: 30_000, pending: 70_000 });
    // Down to zero exactly is within the floor.
    await inTx((tx) => post(tx, refund(company, 30_000), { floors: [available] }));
    expect((await companyBalances(db, company, false))[0]).toMatchObject({ available: 0, pending: 70_000 });
    // A floor is an account of the posting's own lines.
    await expect(inTx((tx) => post(tx, refund(company, 1), { floors: [{ companyId: company, code: 'held', currency: 'NGN' }] }))).rejects.toThrow("A posting's floors are accounts of its own lines");
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('takes a transaction\'s accounts once, before its first posting, and refuses a posting outside them', async () => {
    const company = await newCompany();
    await inTx((tx) => post(tx, charge(company, 1_000_000, 0)));
    // A charge, then its release: the second posting reaches `available`, which the first did not lock.
    await expect(
      inTx(async (tx) => {
        await post(tx, charge(company, 50_000, 0));
        await post(tx, settle(company, 50_000));
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
    // Locked together first, both postings go through.
    await inTx(async (tx) => {
      await lockAccounts(tx, [
        { companyId: company, code: 'pending', currency: 'NGN', livemode: false },
        { companyId: company, code: 'available', currency: 'NGN', livemode: false },
        { code: 'acquirer_clearing', currency: 'NGN', livemode: false },
        { code: 'fees', currency: 'NGN', livemode: false },
      ]);
      await post(tx, charge(company, 50_000, 0));
      await post(tx, settle(company, 50_000));
    });
    // Locking twice in one transaction would take locks in two rounds.
    await expect(
      inTx(async (tx) => {
        await post(tx, settle(company, 1_000));
        await lockAccounts(tx, [{ companyId: company, code: 'available', currency: 'NGN', livemode: false }]);
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
    // Outside a transaction there is nothing to hold the locks.
    await expect(post(db, settle(company, 1_000))).rejects.toBeInstanceOf(LockOrderError);
    expect((await companyBalances(db, company, false))[0]).toMatchObject({ pending: 1_000_000, available: 50_000 });
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });
});

describe('the ledger in eight assets', () => {
  /** Test funds of `amount` of `asset` into a company's available balance. */
  const faucet = (companyId: string, asset: Line['account']['currency'], amount: bigint, livemode = false): Entry => ({
    livemode,
    companyId,
    kind: 'test_funds',
    reference: reference(),
    lines: [
      { account: { code: 'test_faucet', currency: asset }, amount },
      { account: { companyId, code: 'available', currency: asset }, amount: -amount },
    ],
  });
  /** `amount` of `asset` from one company's available balance to another's, in one entry. */
  const transfer = (from: string, to: string, asset: Line['account']['currency'], amount: bigint): Entry => ({
    livemode: false,
    companyId: from,
    kind: 'transfer',
    reference: reference(),
    lines: [
      { account: { companyId: from, code: 'available', currency: asset }, amount },
      { account: { companyId: to, code: 'available', currency: asset }, amount: -amount },
    ],
  });

  it('holds 18-decimal amounts far above 2^63 exactly, and each line carries the balance it left', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const huge = 2n ** 200n + 123_456_789_012_345_678n;
    await inTx((tx) => post(tx, faucet(a, 'ETH', huge)));
    await inTx((tx) => post(tx, transfer(a, b, 'ETH', 1n)));
    await inTx((tx) => post(tx, faucet(a, 'BTC', 2_100_000_000_000_000n)));
    const balances = await walletBalances(db, a, false);
    expect(balances.get('ETH')).toEqual({ asset: 'ETH', available: huge - 1n, pending: 0n, held: 0n, payoutsInTransit: 0n });
    expect(balances.get('BTC')!.available).toBe(2_100_000_000_000_000n);
    expect((await walletBalances(db, b, false)).get('ETH')!.available).toBe(1n);
    const lines = await accountStatement(db, { companyId: a, code: 'available', currency: 'ETH', livemode: false }, { limit: 10 });
    expect(lines.map((line) => [line.kind, line.amount, line.balanceAfter])).toEqual([
      ['transfer', -1n, huge - 1n],
      ['test_funds', huge, huge],
    ]);
    // The naira paths see only naira.
    expect(await companyBalances(db, a, false)).toEqual([]);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('balances each entry per asset and never lets any asset go negative, naira’s pending rule aside', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'USDT', 5_000_000n)));
    // Lines that sum to zero overall but not per asset.
    const mixed: Entry = {
      livemode: false,
      companyId: a,
      kind: 'transfer',
      reference: reference(),
      lines: [
        { account: { companyId: a, code: 'available', currency: 'USDT' }, amount: 10n },
        { account: { companyId: b, code: 'available', currency: 'USDC' }, amount: -10n },
      ],
    };
    await expect(inTx((tx) => post(tx, mixed))).rejects.toThrow('sum to zero; USDT sums to 10');
    // The database says the same when the code's check is bypassed.
    await expect(
      inTx(async (tx) => {
        const entry = await tx.query<{ id: string }>("INSERT INTO journal_entries (livemode, company_id, kind, reference) VALUES (false, $1, 'transfer', $2) RETURNING id", [a, reference()]);
        const accounts = await tx.query<{ id: string; currency: string }>("SELECT id, currency FROM ledger_accounts WHERE company_id = $1 AND code = 'available' AND NOT livemode", [a]);
        const usdt = accounts.rows.find((row) => row.currency === 'USDT')!.id;
        const usdc = (await tx.query<{ id: string }>("INSERT INTO ledger_accounts (company_id, livemode, code, currency, normal_side, allow_negative) VALUES ($1, false, 'available', 'USDC', 'credit', false) RETURNING id", [a])).rows[0]!.id;
        await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'USDT', false, 10), ($1, $3, 'USDC', false, -10)", [entry.rows[0]!.id, usdt, usdc]);
      }),
    ).rejects.toThrow(/does not balance \(USD[CT] -?10, USD[CT] -?10\)/);
    // More than the balance: refused, nothing moves.
    await expect(inTx((tx) => post(tx, transfer(a, b, 'USDT', 5_000_001n)))).rejects.toBeInstanceOf(InsufficientBalanceError);
    await inTx((tx) => post(tx, transfer(a, b, 'USDT', 5_000_000n)));
    expect((await walletBalances(db, a, false)).get('USDT')!.available).toBe(0n);
    // An unknown asset cannot be opened, and test funds do not exist in live mode.
    await expect(db.query("INSERT INTO ledger_accounts (company_id, livemode, code, currency, normal_side, allow_negative) VALUES ($1, false, 'available', 'XRP', 'credit', false)", [a])).rejects.toThrow(/ledger_accounts_asset_fkey/);
    await expect(inTx((tx) => post(tx, faucet(a, 'USD', 100n, true)))).rejects.toThrow(/ledger_accounts_faucet_test_only/);
    // Beyond what numeric(78,0) holds.
    await expect(inTx((tx) => post(tx, faucet(a, 'ETH', 10n ** 78n)))).rejects.toBeInstanceOf(AmountTooLargeError);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('pages a statement by line id, newest first, with filters, and page 50 reads like page 1', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'GBP', 1_000_000n)));
    for (let i = 1; i <= 30; i++) await inTx((tx) => post(tx, transfer(a, b, 'GBP', BigInt(i))));
    const account = { companyId: a, code: 'available' as const, currency: 'GBP' as const, livemode: false };
    const pages: AccountStatementLine[][] = [];
    let before: string | null = null;
    for (;;) {
      const page = await accountStatement(db, account, { before, limit: 7 });
      if (page.length === 0) break;
      pages.push(page);
      before = page.at(-1)!.lineId;
    }
    const all = pages.flat();
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 3]);
    expect(all.map((line) => line.amount)).toEqual([...Array.from({ length: 30 }, (_, i) => -BigInt(30 - i)), 1_000_000n]);
    // Each balance after is the one after it plus its own amount.
    for (let i = 0; i < all.length - 1; i++) expect(all[i]!.balanceAfter).toBe(all[i + 1]!.balanceAfter + all[i]!.amount);
    expect(all[0]!.balanceAfter).toBe(1_000_000n - 465n);
    expect((await accountStatement(db, account, { limit: 100, direction: 'in' })).map((line) => line.amount)).toEqual([1_000_000n]);
    expect(await accountStatement(db, account, { limit: 100, from: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(await accountStatement(db, { ...account, currency: 'EUR' }, { limit: 10 })).toEqual([]);
    // Page 1,000's plan is page 1's: an index scan on the account's lines from a line id down.
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT l.id FROM journal_lines l WHERE l.account_id = (SELECT id FROM ledger_accounts WHERE company_id = $1 AND code = 'available' AND currency = 'GBP' AND NOT livemode) AND l.id < $2 ORDER BY l.id DESC LIMIT 7`,
      [a, all[20]!.lineId],
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/journal_lines_account_idx/);
  });
});
