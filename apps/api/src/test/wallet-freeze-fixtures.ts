import { afterAll, beforeAll } from 'vitest';
import type { Db, Queryable } from '../db/client';
import { createTestDb } from './db';
import { insertCompany } from './ledger-rows';
import { walletBalances, type Entry, type Line } from '../modules/ledger/ledger';
import { freezeWallet, unfreezeWallet } from '../modules/ledger/wallet-freezes';

/**
 * What the frozen-wallet tests share (wallet-freezes.test.ts, and wallet-freezes.postgres.test.ts for what needs two
 * connections at once): a test database with an admin reviewer, companies, and the entries they post.
 */
export function freezeFixtures() {
  let db: Db;
  let drop: () => Promise<void>;
  let reviewerId: string;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    const { rows } = await db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ('freezer@fipay.test', 'Fola Freezer', 'admin') RETURNING id");
    reviewerId = rows[0]!.id;
  });
  afterAll(() => drop());

  const newCompany = () => insertCompany(db, 'Freeze Test');

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


  return {
    db: () => db,
    reviewerId: () => reviewerId,
    newCompany,
    inTx,
    faucet,
    transfer,
    hold,
    freeze,
    unfreeze,
    available,
  };
}
