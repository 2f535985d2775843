import { describe, expect, it } from 'vitest';
import { post, WalletFrozenError } from './ledger';
import { freezeWallet } from './wallet-freezes';
import { freezeFixtures } from '../../test/wallet-freeze-fixtures';

/**
 * A freeze and postings in the one lock order (migration 0039), on PostgreSQL: two transactions at once need two
 * connections, which the embedded database does not have.
 */
const { reviewerId, newCompany, inTx, faucet, transfer, freeze, unfreeze, available } = freezeFixtures();

describe('a freeze and a posting at the same time', () => {
  it('waits for a posting holding the accounts, and a posting after it waits for the freeze and is refused', async () => {
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
      await freezeWallet(tx, { companyId: a, livemode: false, reviewerId: reviewerId(), reason: 'Second look.' });
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
