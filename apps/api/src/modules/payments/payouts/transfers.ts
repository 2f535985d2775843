import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { TransferProvider, TransferState } from '../../../providers/types';
import { failPayout, livePayoutBlocked, markPayoutPaid, PAYOUT_COLUMNS, type PayoutRow } from './payouts';
import { recordProviderEvent } from '../transaction-rows';
import { kobo } from '../../../lib/minor-units';

/**
 * Live payouts through Paystack Transfers (docs/decisions/0034-live-payouts-through-paystack.md). A live
 * payout is written pending with the money in transit (payOut); the transfer job then claims it, sends
 * it to Paystack outside any database transaction, and applies what Paystack answers. Paystack's word comes
 * back by webhook (`transfer.success`, `transfer.failed`, `transfer.reversed`) and, when a webhook never
 * comes, by the job verifying the transfer again: whichever arrives first decides, once.
 */

/** How long a claim holds a payout before another run may take it (longer than a Paystack call's timeout). */
const CLAIM = "interval '10 minutes'";
/** A transfer Paystack has accepted and not decided is checked again this often, in case its webhook is lost. */
const RECHECK = "interval '1 hour'";

/** What a company is told when Paystack refuses (its own message goes to the log). */
export const transferRefused = 'The payment provider could not make the transfer.';
export const recipientRefused = 'The payment provider could not set up your bank account for transfers.';

/** Takes up to `limit` live payouts due to be sent or checked, moving their next check on by the claim's length. */
export async function claimDueTransfers(tx: Queryable, limit = 20): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE payouts SET next_check_at = now() + ${CLAIM}, transfer_attempts = transfer_attempts + 1
      WHERE id IN (SELECT id FROM payouts WHERE next_check_at <= now() ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [limit],
  );
  return rows.map((row) => row.id);
}

export type TransferRunCounts = { paid: number; failed: number; pending: number; retry: number };

/** Sends or checks the claimed payouts (claims due ones itself when given none), one after another. */
export async function sendDueTransfers(ctx: AppContext, claimed?: string[]): Promise<TransferRunCounts> {
  const ids = claimed ?? (await ctx.db.transaction((tx) => claimDueTransfers(tx)));
  const counts: TransferRunCounts = { paid: 0, failed: 0, pending: 0, retry: 0 };
  for (const id of ids) counts[await advanceTransfer(ctx, id)] += 1;
  return counts;
}

async function loadPayout(db: Queryable, where: 'id' | 'transfer_reference', value: string, lock = false): Promise<PayoutRow | undefined> {
  const { rows } = await db.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE ${where} = $1 AND provider = 'paystack'${lock ? ' FOR UPDATE' : ''}`,
    [value],
  );
  return rows[0];
}

/**
 * One claimed payout: a first attempt sends it; a later one asks Paystack first (the earlier request may have
 * reached it) and sends only when Paystack has no transfer with our reference. An outage leaves it pending and
 * tries again later, backing off.
 */
async function advanceTransfer(ctx: AppContext, id: string): Promise<keyof TransferRunCounts> {
  const row = await loadPayout(ctx.db, 'id', id);
  if (!row || row.status !== 'pending') return 'pending';
  const provider = ctx.transfers;
  if (!provider) return 'retry';
  try {
    const known = row.transfer_attempts > 1 || row.provider_transfer_code ? await provider.verifyTransfer(row.transfer_reference) : null;
    if (!known) {
      // Not yet at Paystack: a hold (or a withdrawn approval) since the payout was written stops it here.
      const blocked = await livePayoutBlocked(ctx.db, row.company_id);
      if (blocked) return await failUnsent(ctx, row.id, blocked);
    }
    const answer = known ?? (await sendTransfer(ctx, provider, row));
    return await applyTransferAnswer(ctx, row.id, answer);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'BAD_GATEWAY') throw error;
    ctx.log.warn({ payout: row.id, reason: error.cause }, 'Paystack transfer not confirmed; trying again later');
    // 1, 2, 4 ... minutes after each failed attempt, at most an hour.
    await ctx.db.query(
      `UPDATE payouts SET next_check_at = now() + make_interval(mins => least(60, power(2, least(transfer_attempts - 1, 6))::int))
        WHERE id = $1 AND status = 'pending'`,
      [row.id],
    );
    return 'retry';
  }
}

/** A payout stopped before it reached Paystack: failed with `reason`, the money back in the available balance. */
async function failUnsent(ctx: AppContext, id: string, reason: string): Promise<keyof TransferRunCounts> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadPayout(tx, 'id', id, true);
    if (!row || row.status !== 'pending') return 'pending';
    ctx.log.warn({ payout: row.id, reason }, 'Live payout stopped before sending');
    await failPayout(tx, row, reason, ctx.config.appUrl);
    return 'failed';
  });
}

/** Creates (or reuses) the bank account's recipient and asks Paystack for the transfer. */
async function sendTransfer(ctx: AppContext, provider: TransferProvider, row: PayoutRow): Promise<TransferState | { refused: string; reason: string }> {
  const { rows } = await ctx.db.query<{ recipient_code: string }>(
    "SELECT recipient_code FROM transfer_recipients WHERE provider = 'paystack' AND bank_code = $1 AND account_number = $2",
    [row.bank_code, row.account_number],
  );
  let recipientCode = rows[0]?.recipient_code;
  if (!recipientCode) {
    const recipient = await provider.createRecipient({ name: row.account_name, accountNumber: row.account_number, bankCode: row.bank_code });
    if ('refused' in recipient) return { ...recipient, reason: recipientRefused };
    recipientCode = recipient.recipientCode;
    await ctx.db.query(
      `INSERT INTO transfer_recipients (provider, bank_code, account_number, recipient_code) VALUES ('paystack', $1, $2, $3)
       ON CONFLICT (provider, bank_code, account_number) DO UPDATE SET recipient_code = EXCLUDED.recipient_code`,
      [row.bank_code, row.account_number, recipientCode],
    );
  }
  const answer = await provider.transfer({ amount: kobo(row.amount), recipientCode, reference: row.transfer_reference, reason: 'FiPay payout' });
  if (!('refused' in answer)) return answer;
  // The kept recipient may be what Paystack refused (deleted on its side): the next payout makes it again.
  await ctx.db.query("DELETE FROM transfer_recipients WHERE provider = 'paystack' AND bank_code = $1 AND account_number = $2 AND recipient_code = $3", [
    row.bank_code,
    row.account_number,
    recipientCode,
  ]);
  return { ...answer, reason: transferRefused };
}

/**
 * Applies Paystack's answer to a pending payout in one database transaction (the row locked, and the provider
 * event recorded there when a webhook brought it): success pays it, a final failure or refusal returns the
 * money, anything else waits for the webhook with a check an hour on.
 */
async function applyTransferAnswer(
  ctx: AppContext,
  id: string,
  answer: TransferState | { refused: string; reason: string },
  event?: { key: string; type: string },
): Promise<keyof TransferRunCounts> {
  return ctx.db.transaction(async (tx) => {
    if (event && !(await recordProviderEvent(tx, event))) return 'pending';
    const row = await loadPayout(tx, 'id', id, true);
    if (!row || row.status !== 'pending') return 'pending';
    if ('refused' in answer) {
      ctx.log.warn({ payout: row.id, refused: answer.refused }, 'Paystack refused a payout');
      await failPayout(tx, row, answer.reason, ctx.config.appUrl);
      return 'failed';
    }
    if (answer.amount !== kobo(row.amount)) {
      // Never settle what does not match: kept pending, no longer checked, for a person to look at.
      ctx.log.error({ payout: row.id, amount: answer.amount }, 'Paystack reports another amount for a payout');
      await tx.query('UPDATE payouts SET next_check_at = NULL WHERE id = $1', [row.id]);
      return 'pending';
    }
    if (answer.status === 'paid') {
      await tx.query('UPDATE payouts SET provider_transfer_code = coalesce($2, provider_transfer_code) WHERE id = $1', [row.id, answer.transferCode]);
      await markPayoutPaid(tx, row, ctx.config.appUrl);
      return 'paid';
    }
    if (answer.status === 'failed' || answer.status === 'reversed') {
      await failPayout(tx, row, `The transfer ${answer.status === 'reversed' ? 'was reversed by the bank' : 'failed at the bank'}.`, ctx.config.appUrl);
      return 'failed';
    }
    await tx.query(`UPDATE payouts SET provider_transfer_code = coalesce($2, provider_transfer_code), next_check_at = now() + ${RECHECK} WHERE id = $1`, [
      row.id,
      answer.transferCode,
    ]);
    return 'pending';
  });
}

/**
 * Paystack's webhook for a transfer (`transfer.success`, `transfer.failed`, `transfer.reversed`): the payout
 * with that reference is verified with Paystack and the answer applied once. A payout already decided only
 * records the event (a reversal after payment is logged for a person: the money has left). False when the
 * reference is not one of our payouts (a transfer made from Paystack's dashboard).
 */
export async function confirmLivePayout(
  ctx: AppContext,
  reference: string,
  event: { key: string; type: string; action: 'transfer.paid' | 'transfer.failed' | 'transfer.reversed' },
): Promise<boolean> {
  const row = await loadPayout(ctx.db, 'transfer_reference', reference);
  if (!row || !ctx.transfers) return false;
  if (row.status !== 'pending') {
    if (event.action === 'transfer.reversed' && row.status === 'paid') ctx.log.error({ payout: row.id }, 'Paystack reversed a paid payout');
    await recordProviderEvent(ctx.db, event);
    return true;
  }
  const state = await ctx.transfers.verifyTransfer(reference);
  // Paystack knowing nothing of a transfer it sent a webhook for: nothing to apply; the job checks again.
  if (!state) return true;
  await applyTransferAnswer(ctx, row.id, state, { key: event.key, type: event.type });
  return true;
}
