import type { Queryable } from '../../db/client';
import { lockCompanyAccounts } from './ledger';

/**
 * Frozen wallets (migration 0039, docs/decisions/0074-frozen-wallets.md): while a freeze of a company and mode is in
 * force, the database refuses every line that takes money out of the company's `available` or `held` accounts of that
 * mode (WalletFrozenError); credits still go in.
 */

export type WalletFreezeRecord = { id: string; livemode: boolean; reason: string; frozenAt: Date; frozenBy: { id: string; name: string } };

type FreezeRow = { id: string; livemode: boolean; reason: string; frozen_at: Date; frozen_by: string; frozen_by_name: string };

const toFreeze = (row: FreezeRow): WalletFreezeRecord => ({
  id: row.id,
  livemode: row.livemode,
  reason: row.reason,
  frozenAt: row.frozen_at,
  frozenBy: { id: row.frozen_by, name: row.frozen_by_name },
});

/** The freezes in force for a company, by mode (at most one each). */
export async function walletFreezesInForce(db: Queryable, companyId: string): Promise<WalletFreezeRecord[]> {
  const { rows } = await db.query<FreezeRow>(
    `SELECT f.id, f.livemode, f.reason, f.frozen_at, f.frozen_by, r.name AS frozen_by_name
       FROM wallet_freezes f JOIN reviewers r ON r.id = f.frozen_by
      WHERE f.company_id = $1 AND f.unfrozen_at IS NULL ORDER BY f.livemode DESC`,
    [companyId],
  );
  return rows.map(toFreeze);
}

/** Whether the company's wallet is frozen in this mode (read after the transaction holds the accounts it posts to). */
export async function isWalletFrozen(db: Queryable, companyId: string, livemode: boolean): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM wallet_freezes WHERE company_id = $1 AND livemode = $2 AND unfrozen_at IS NULL', [companyId, livemode]);
  return rows.length > 0;
}

/**
 * Freezes the company's wallet in one mode, in `tx`: first every ledger account of the company in that mode is locked
 * in id order (the one lock order, ADR 0038), so a posting that read "not frozen" commits before this does and every
 * later one waits for it and reads the freeze. Null when a freeze is in force already.
 */
export async function freezeWallet(
  tx: Queryable,
  freeze: { companyId: string; livemode: boolean; reviewerId: string; reason: string },
): Promise<WalletFreezeRecord | null> {
  await lockCompanyAccounts(tx, freeze.companyId, freeze.livemode);
  const { rows } = await tx.query<FreezeRow>(
    `WITH f AS (
       INSERT INTO wallet_freezes (company_id, livemode, frozen_by, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, livemode) WHERE unfrozen_at IS NULL DO NOTHING
       RETURNING id, livemode, reason, frozen_at, frozen_by
     )
     SELECT f.*, r.name AS frozen_by_name FROM f JOIN reviewers r ON r.id = f.frozen_by`,
    [freeze.companyId, freeze.livemode, freeze.reviewerId, freeze.reason],
  );
  return rows[0] ? toFreeze(rows[0]) : null;
}

/** Lifts the freeze in force of the company and mode, with who and why; answers it, or null when there was none. */
export async function unfreezeWallet(
  tx: Queryable,
  unfreeze: { companyId: string; livemode: boolean; reviewerId: string; reason: string },
): Promise<WalletFreezeRecord | null> {
  const { rows } = await tx.query<FreezeRow>(
    `WITH f AS (
       UPDATE wallet_freezes SET unfrozen_at = now(), unfrozen_by = $3, unfreeze_reason = $4
        WHERE company_id = $1 AND livemode = $2 AND unfrozen_at IS NULL
       RETURNING id, livemode, reason, frozen_at, frozen_by
     )
     SELECT f.*, r.name AS frozen_by_name FROM f JOIN reviewers r ON r.id = f.frozen_by`,
    [unfreeze.companyId, unfreeze.livemode, unfreeze.reviewerId, unfreeze.reason],
  );
  return rows[0] ? toFreeze(rows[0]) : null;
}
