import { assetCodes } from '@fipay/contracts/assets';
import {
  walletAdminMessages,
  type AdminWallet,
  type WalletFreeze,
  type WalletMode,
  type WalletStatementLine,
  type walletStatementQuery,
} from '@fipay/contracts/back-office-wallet';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { appendAudit, reviewerActor } from '../audit/audit-log';
import { accountStatement, walletBalances } from '../ledger/ledger';
import { freezeWallet, unfreezeWallet, walletFreezesInForce, type WalletFreezeRecord } from '../ledger/wallet-freezes';
import { notifyCompany } from '../notifications/notify';
import type { ReviewerPrincipal } from './sessions';

/** A company's wallet as the back office sees it, and freezing it (docs/decisions/0074-frozen-wallets.md). */

const MODES: WalletMode[] = ['live', 'test'];
const livemodeOf = (mode: WalletMode) => mode === 'live';

async function findCompany(db: Queryable, companyId: string): Promise<{ id: string; name: string }> {
  const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM companies WHERE id = $1', [companyId]);
  if (!rows[0]) throw new AppError('NOT_FOUND', walletAdminMessages.companyNotFound);
  return rows[0];
}

const toFreeze = (record: WalletFreezeRecord): WalletFreeze => ({ reason: record.reason, since: record.frozenAt.toISOString(), by: record.frozenBy });

export async function companyWallet(ctx: AppContext, companyId: string): Promise<AdminWallet> {
  const company = await findCompany(ctx.db, companyId);
  const [freezes, ...balances] = await Promise.all([walletFreezesInForce(ctx.db, companyId), ...MODES.map((mode) => walletBalances(ctx.db, companyId, livemodeOf(mode)))]);
  return {
    company,
    modes: MODES.map((mode, index) => {
      const byAsset = balances[index]!;
      const freeze = freezes.find((record) => record.livemode === livemodeOf(mode));
      return {
        mode,
        freeze: freeze ? toFreeze(freeze) : null,
        balances: assetCodes.flatMap((asset) => {
          const balance = byAsset.get(asset);
          return balance
            ? [{ asset, available: String(balance.available), held: String(balance.held), pending: String(balance.pending), inTransit: String(balance.payoutsInTransit) }]
            : [];
        }),
      };
    }),
  };
}

export async function companyWalletStatement(
  ctx: AppContext,
  companyId: string,
  query: z.output<typeof walletStatementQuery>,
): Promise<{ lines: WalletStatementLine[]; nextBefore: string | null }> {
  await findCompany(ctx.db, companyId);
  const lines = await accountStatement(
    ctx.db,
    { companyId, code: query.account, currency: query.asset, livemode: livemodeOf(query.mode) },
    { before: query.before ?? null, limit: query.limit },
  );
  return {
    lines: lines.map((line) => ({
      id: line.lineId,
      at: line.at.toISOString(),
      kind: line.kind,
      reference: line.reference,
      description: line.description,
      direction: line.amount > 0n ? 'in' : 'out',
      amount: String(line.amount < 0n ? -line.amount : line.amount),
      balanceAfter: String(line.balanceAfter),
    })),
    nextBefore: lines.length === query.limit ? lines.at(-1)!.lineId : null,
  };
}

const modeLabel = (mode: WalletMode) => (mode === 'live' ? 'live' : 'test-mode');

/** Freezes the wallet in one mode (any reviewer: stopping money fast is everyone's job); audited, the company told. */
export async function freezeCompanyWallet(
  ctx: AppContext,
  reviewer: ReviewerPrincipal,
  companyId: string,
  input: { mode: WalletMode; reason: string },
): Promise<{ mode: WalletMode; freeze: WalletFreeze | null }> {
  return ctx.db.transaction(async (tx) => {
    await findCompany(tx, companyId);
    const record = await freezeWallet(tx, { companyId, livemode: livemodeOf(input.mode), reviewerId: reviewer.id, reason: input.reason });
    if (!record) throw new AppError('CONFLICT', walletAdminMessages.alreadyFrozen);
    const freeze = toFreeze(record);
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'wallet.frozen', companyId, before: { mode: input.mode, freeze: null }, after: { mode: input.mode, freeze } });
    await notifyCompany(tx, companyId, {
      title: `Your ${modeLabel(input.mode)} wallet is frozen`,
      message: `Our compliance team has frozen your ${modeLabel(input.mode)} wallet: ${input.reason} Nothing can be sent, refunded or paid out from it until it is unfrozen; payments to you still arrive. Contact support.`,
    });
    return { mode: input.mode, freeze };
  });
}

/** Lifts the freeze (admins only: releasing money takes a second pair of eyes); audited, the company told. */
export async function unfreezeCompanyWallet(
  ctx: AppContext,
  reviewer: ReviewerPrincipal,
  companyId: string,
  input: { mode: WalletMode; reason: string },
): Promise<{ mode: WalletMode; freeze: null }> {
  return ctx.db.transaction(async (tx) => {
    await findCompany(tx, companyId);
    const record = await unfreezeWallet(tx, { companyId, livemode: livemodeOf(input.mode), reviewerId: reviewer.id, reason: input.reason });
    if (!record) throw new AppError('CONFLICT', walletAdminMessages.notFrozen);
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: 'wallet.unfrozen',
      companyId,
      before: { mode: input.mode, freeze: toFreeze(record) },
      after: { mode: input.mode, freeze: null, reason: input.reason },
    });
    await notifyCompany(tx, companyId, {
      title: `Your ${modeLabel(input.mode)} wallet is unfrozen`,
      message: `Your ${modeLabel(input.mode)} wallet is no longer frozen: you can send, refund and be paid out again.`,
    });
    return { mode: input.mode, freeze: null };
  });
}
