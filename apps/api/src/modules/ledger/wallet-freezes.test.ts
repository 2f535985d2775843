import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { createTestDb } from '../../test/db';
import { InsufficientBalanceError, ledgerDiscrepancies, post, walletBalances, WalletFrozenError, type Entry, type Line } from './ledger';
import { freezeWallet, isWalletFrozen, unfreezeWallet, walletFreezesInForce } from './wallet-freezes';

/** Frozen wallets (migration 0039): the database refuses debits of a frozen company's available and held accounts. */

let db: Db;
let drop: () => Promise<void>;
let reviewerId: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const { rows } = await db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ('freezer@fipay.test', 'Fola Freezer', 'admin') RETURNING id");
  reviewerId = rows[0]!.id;
});
afterAll(() => drop());

let companies = 0;
async function newCompany(): Promise<string> {
  companies += 1;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
     VALUES ($1, $2, '+2348012345678', 'https://example.ng', 160, '1 Marina Road, Lagos', 'RC1234567') RETURNING id`,
    [`Freeze Test ${companies}`, `freeze-${companies}@example.ng`],
  );
  return rows[0]!.id;
}

let references = 0;
const reference = () => `freeze_ref_${++references}`;
type Asset = Line['account']['currency'];
const inTx = <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn);

const faucet = (companyId: string, asset: Asset, amount: bigint): Entry => ({
  livemode: false,
  companyId,
  kind: 'test_funds',
  reference: reference(),
  lines: [
    { account: { code: 'test_faucet', currency: asset }, amount },
    { account: { companyId, code: 'available', currency: asset }, amount: -amount },
  ],
});
const transfer = (from: string, to: string, asset: Asset, amount: bigint, livemode = false): Entry => ({
  livemode,
  companyId: from,
  kind: 'transfer',
  reference: reference(),
  lines: [
    { account: { companyId: from, code: 'available', currency: asset }, amount },
    { account: { companyId: to, code: 'available', currency: asset }, amount: -amount },
  ],
});
const hold = (companyId: string, asset: Asset, amount: bigint, release = false): Entry => ({
  livemode: false,
  companyId,
  kind: release ? 'hold.released' : 'hold.placed',
  reference: reference(),
  lines: [
    { account: { companyId, code: release ? 'held' : 'available', currency: asset }, amount },
    { account: { companyId, code: release ? 'available' : 'held', currency: asset }, amount: -amount },
  ],
});

const freeze = (companyId: string, livemode = false, reason = 'Suspected account takeover.') =>
  inTx((tx) => freezeWallet(tx, { companyId, livemode, reviewerId, reason }));
const unfreeze = (companyId: string, livemode = false) => inTx((tx) => unfreezeWallet(tx, { companyId, livemode, reviewerId, reason: 'Owner confirmed.' }));
const available = async (companyId: string, asset: Asset) => (await walletBalances(db, companyId, false)).get(asset)?.available ?? 0n;

describe('a frozen wallet', () => {
  it('refuses a transfer out and a hold of its money, takes test funds and transfers in, and lets money out again once unfrozen', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'USD', 10_000n)));
    await inTx((tx) => post(tx, faucet(b, 'USD', 10_000n)));
    await inTx((tx) => post(tx, hold(a, 'USD', 1_000n)));

    const frozen = await freeze(a);
    expect(frozen).toMatchObject({ livemode: false, reason: 'Suspected account takeover.', frozenBy: { id: reviewerId, name: 'Fola Freezer' } });
    expect(await freeze(a)).toBeNull();
    expect(await isWalletFrozen(db, a, false)).toBe(true);
    expect(await isWalletFrozen(db, a, true)).toBe(false);

    await expect(inTx((tx) => post(tx, transfer(a, b, 'USD', 2_500n)))).rejects.toBeInstanceOf(WalletFrozenError);
    await expect(inTx((tx) => post(tx, hold(a, 'USD', 500n)))).rejects.toBeInstanceOf(WalletFrozenError);
    await expect(inTx((tx) => post(tx, hold(a, 'USD', 500n, true)))).rejects.toBeInstanceOf(WalletFrozenError);
    // Money in still credits: test funds from the faucet, and a transfer from another business.
    await inTx((tx) => post(tx, faucet(a, 'USD', 3_000n)));
    await inTx((tx) => post(tx, transfer(b, a, 'USD', 2_000n)));
    await inTx((tx) => post(tx, faucet(a, 'BTC', 100_000_000n)));
    expect(await available(a, 'USD')).toBe(14_000n);
    // A balance short is still told as such.
    await expect(inTx((tx) => post(tx, transfer(a, b, 'BTC', 200_000_000n)))).rejects.toBeInstanceOf(InsufficientBalanceError);

    expect((await unfreeze(a))?.id).toBe(frozen!.id);
    expect(await unfreeze(a)).toBeNull();
    await inTx((tx) => post(tx, transfer(a, b, 'USD', 2_500n)));
    expect(await available(a, 'USD')).toBe(11_500n);
    expect(await walletFreezesInForce(db, a)).toEqual([]);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it('is frozen per mode: a test-mode freeze leaves live money free and the other way round', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'EUR', 5_000n)));
    await freeze(a, true);
    await inTx((tx) => post(tx, transfer(a, b, 'EUR', 1_000n)));
    await freeze(a, false);
    await expect(inTx((tx) => post(tx, transfer(a, b, 'EUR', 1_000n)))).rejects.toBeInstanceOf(WalletFrozenError);
    expect((await walletFreezesInForce(db, a)).map((record) => record.livemode)).toEqual([true, false]);
  });

  it('is enforced by the database whatever code writes the lines, with its own SQLSTATE and constraint name', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'NGN', 5_000n)));
    await freeze(a);
    const error = await inTx(async (tx) => {
      const accounts = await tx.query<{ id: string; company_id: string }>(
        "SELECT id, company_id FROM ledger_accounts WHERE company_id = ANY($1::uuid[]) AND code = 'available' AND currency = 'NGN' AND NOT livemode",
        [[a, b]],
      );
      const from = accounts.rows.find((row) => row.company_id === a)!.id;
      const entry = await tx.query<{ id: string }>("INSERT INTO journal_entries (livemode, company_id, kind, reference) VALUES (false, $1, 'raw', 'raw-1') RETURNING id", [a]);
      await tx.query("INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount) VALUES ($1, $2, 'NGN', false, 100)", [entry.rows[0]!.id, from]);
    }).then(
      () => null,
      (caught: unknown) => caught as { code?: string; constraint?: string },
    );
    expect(error).toMatchObject({ code: 'FP001', constraint: 'ledger_wallet_frozen' });
  });

  it('commits no debit after the freeze commits, with transfers running alongside it', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'USDT', 1_000_000n)));
    let afterFreeze: bigint | null = null;
    const transfers = Array.from({ length: 30 }, (_, index) => inTx((tx) => post(tx, transfer(a, b, 'USDT', BigInt(index + 1)))));
    const frozen = freeze(a).then(async (record) => {
      afterFreeze = await available(a, 'USDT');
      return record;
    });
    const outcomes = await Promise.allSettled([...transfers, frozen]);
    expect((await frozen)?.livemode).toBe(false);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WalletFrozenError);
    // What the balance was the moment the freeze had committed is what it is now: no debit committed after it.
    expect(await available(a, 'USDT')).toBe(afterFreeze);
    const sent = outcomes.slice(0, 30).reduce((sum, outcome, index) => (outcome.status === 'fulfilled' ? sum + BigInt(index + 1) : sum), 0n);
    expect(await available(a, 'USDT')).toBe(1_000_000n - sent);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('waits for a posting holding the accounts, and a posting after it waits for the freeze and is refused', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'GBP', 10_000n)));
    const settledWithin = (promise: Promise<unknown>, ms: number) =>
      Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

    // A posting that holds the accounts (it read "not frozen") commits first; the freeze waits for it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const postedYet = new Promise<void>((resolve) => (posted = resolve));
    const first = inTx(async (tx) => {
      await post(tx, transfer(a, b, 'GBP', 1_000n));
      posted();
      await gate;
    });
    await postedYet;
    const freezing = freeze(a);
    expect(await settledWithin(freezing, 300)).toBe(false);
    release();
    await first;
    expect(await freezing).not.toBeNull();
    expect(await available(a, 'GBP')).toBe(9_000n);
    await unfreeze(a);

    // The freeze holds the accounts: a posting waits for it, then reads the freeze and is refused.
    let releaseFreeze!: () => void;
    const freezeGate = new Promise<void>((resolve) => (releaseFreeze = resolve));
    let frozenYet!: () => void;
    const written = new Promise<void>((resolve) => (frozenYet = resolve));
    const holding = inTx(async (tx) => {
      await freezeWallet(tx, { companyId: a, livemode: false, reviewerId, reason: 'Second look.' });
      frozenYet();
      await freezeGate;
    });
    await written;
    const second = inTx((tx) => post(tx, transfer(a, b, 'GBP', 1_000n)));
    expect(await settledWithin(second, 300)).toBe(false);
    releaseFreeze();
    await holding;
    await expect(second).rejects.toBeInstanceOf(WalletFrozenError);
    expect(await available(a, 'GBP')).toBe(9_000n);
  });
});
