import { backOfficeMessages, payoutHoldMessages } from '@fipay/contracts/back-office';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { appendAudit, reviewerActor } from '../audit/audit-log';
import { notifyCompany } from '../notifications/notify';
import type { ReviewerPrincipal } from './sessions';

type Hold = { reason: string; since: string } | null;

async function loadHold(db: Queryable, companyId: string, lock = false): Promise<Hold> {
  const { rows } = await db.query<{ payouts_held_at: Date | null; payouts_hold_reason: string | null }>(
    `SELECT payouts_held_at, payouts_hold_reason FROM companies WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [companyId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', backOfficeMessages.applicationNotFound);
  return row.payouts_held_at ? { reason: row.payouts_hold_reason!, since: row.payouts_held_at.toISOString() } : null;
}

export async function payoutHold(ctx: AppContext, companyId: string): Promise<{ hold: Hold }> {
  return { hold: await loadHold(ctx.db, companyId) };
}

/**
 * Holds a company's live payouts (the payout run then skips it; collecting goes on), with a reason the
 * company sees on its payouts and in a notification. Any reviewer; audited.
 */
export async function holdPayouts(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string, reason: string): Promise<{ hold: Hold }> {
  return ctx.db.transaction(async (tx) => {
    if (await loadHold(tx, companyId, true)) throw new AppError('CONFLICT', payoutHoldMessages.alreadyHeld);
    await tx.query('UPDATE companies SET payouts_held_at = now(), payouts_hold_reason = $2 WHERE id = $1', [companyId, reason]);
    const hold = await loadHold(tx, companyId);
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'payouts.held', companyId, before: { hold: null }, after: { hold } });
    await notifyCompany(tx, companyId, { title: 'Live payouts on hold', message: `Our compliance team has put your live payouts on hold: ${reason} You can keep taking payments.` });
    return { hold };
  });
}

export async function releasePayouts(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string): Promise<{ hold: Hold }> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadHold(tx, companyId, true);
    if (!before) throw new AppError('CONFLICT', payoutHoldMessages.notHeld);
    await tx.query('UPDATE companies SET payouts_held_at = NULL, payouts_hold_reason = NULL WHERE id = $1', [companyId]);
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'payouts.released', companyId, before: { hold: before }, after: { hold: null } });
    await notifyCompany(tx, companyId, { title: 'Live payouts resumed', message: 'The hold on your live payouts has been released. Your available balance is paid out at the next daily run.' });
    return { hold: null };
  });
}
