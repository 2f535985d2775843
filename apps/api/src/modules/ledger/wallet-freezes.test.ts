import { describe, expect, it } from 'vitest';
import { InsufficientBalanceError, ledgerDiscrepancies, post, WalletFrozenError } from './ledger';
import { isWalletFrozen, walletFreezesInForce } from './wallet-freezes';
import { freezeFixtures } from '../../test/wallet-freeze-fixtures';

/** Frozen wallets (migration 0039): the database refuses debits of a frozen company's available and held accounts. */

const { db, reviewerId, newCompany, inTx, faucet, transfer, hold, freeze, unfreeze, available } = freezeFixtures();

describe('a frozen wallet', () => {
  it('refuses a transfer out and a hold of its money, takes test funds and transfers in, and lets money out again once unfrozen', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'USD', 10_000n)));
    await inTx((tx) => post(tx, faucet(b, 'USD', 10_000n)));
    await inTx((tx) => post(tx, hold(a, 'USD', 1_000n)));

    const frozen = await freeze(a);
    expect(frozen).toMatchObject({ livemode: false, reason: 'Suspected account takeover.', frozenBy: { id: reviewerId(), name: 'Fola Freezer' } });
    expect(await freeze(a)).toBeNull();
    expect(await isWalletFrozen(db(), a, false)).toBe(true);
    expect(await isWalletFrozen(db(), a, true)).toBe(false);

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
    expect(await walletFreezesInForce(db(), a)).toEqual([]);
    expect(await ledgerDiscrepancies(db())).toEqual([]);
  });

  it('is frozen per mode: a test-mode freeze leaves live money free and the other way round', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await inTx((tx) => post(tx, faucet(a, 'EUR', 5_000n)));
    await freeze(a, true);
    await inTx((tx) => post(tx, transfer(a, b, 'EUR', 1_000n)));
    await freeze(a, false);
    await expect(inTx((tx) => post(tx, transfer(a, b, 'EUR', 1_000n)))).rejects.toBeInstanceOf(WalletFrozenError);
    expect((await walletFreezesInForce(db(), a)).map((record) => record.livemode)).toEqual([true, false]);
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
    expect(await ledgerDiscrepancies(db())).toEqual([]);
  });
});
