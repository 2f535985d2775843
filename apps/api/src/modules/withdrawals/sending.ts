import { withdrawalMessages as text, type Withdrawal } from '@fipay/contracts/withdrawals';
import { formatAmount } from '@fipay/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import { kobo } from '../../lib/minor-units';
import type { AppContext } from '../../context';
import { PollingWorker } from '../../jobs/polling-worker';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TransferState } from '../../providers/types';
import { companyMayGoLive } from '../developers/modes';
import { lockAccounts, post, type ModeAccount } from '../ledger/ledger';
import { isWalletFrozen } from '../ledger/wallet-freezes';
import { notifyCompany } from '../notifications/notify';
import { sandboxTransfer } from '../payments/payouts/payouts';
import { recordEvent } from '../webhooks/events';
import { sandboxForeignPayouts, type ForeignPayoutProvider, type ForeignPayoutState } from './foreign-payouts';
import { feesAccount, toWithdrawal, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './withdrawals';
import { recordProviderEvent } from '../payments/transaction-rows';
import { assertMove } from '../payments/transitions';

/**
 * The withdrawal job (docs/decisions/0075-withdrawals.md): claims pending withdrawals that are due, sends each through
 * its provider outside any database transaction, and applies the answer once in a transaction of its own (the row
 * locked, then the ledger's accounts: ADR 0063). Naira goes through the payouts' transfer provider (the sandbox's
 * rule in test mode, Paystack live: ctx.transfers); USD, GBP and EUR through the foreign payout provider.
 */

/** How long a claim holds a withdrawal before another run may take it (longer than a provider call's timeout). */
const CLAIM = "interval '10 minutes'";
/** A payout the provider accepted and has not decided is asked about again this often. */
const RECHECK = "interval '10 minutes'";

/** The foreign payout provider: the sandbox until a real one is set up (foreign-payouts.ts documents the interface). */
let foreignPayouts: ForeignPayoutProvider = sandboxForeignPayouts();
export const foreignPayoutProvider = () => foreignPayouts;
/** Sets the foreign payout provider (at start, or a test's own). */
export function useForeignPayoutProvider(provider: ForeignPayoutProvider): void {
  foreignPayouts = provider;
}

/** Takes up to `limit` pending withdrawals due to be sent or checked, moving their next attempt on by the claim's length. */
export async function claimDueWithdrawals(tx: Queryable, limit = 20): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE withdrawals SET next_attempt_at = now() + ${CLAIM}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM withdrawals WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [limit],
  );
  return rows.map((row) => row.id);
}

export type WithdrawalRunCounts = { paid: number; failed: number; pending: number; retry: number };

/** Sends or checks the claimed withdrawals (claims due ones itself when given none), one after another. */
export async function sendDueWithdrawals(ctx: AppContext, claimed?: string[]): Promise<WithdrawalRunCounts> {
  const ids = claimed ?? (await claimDueWithdrawals(ctx.db));
  const counts: WithdrawalRunCounts = { paid: 0, failed: 0, pending: 0, retry: 0 };
  for (const id of ids) counts[await advanceWithdrawal(ctx, id)] += 1;
  return counts;
}

async function loadWithdrawal(db: Queryable, id: string, lock = false): Promise<WithdrawalRow | undefined> {
  const { rows } = await db.query<WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** What a provider answered, as the job applies it. */
type Outcome =
  | { status: 'paid'; providerId: string | null }
  | { status: 'pending'; providerId: string | null } | { status: 'failed'; reason: string; providerId: string | null } | { status: 'mismatch' };

const fromTransfer = (row: WithdrawalRow, state: TransferState): Outcome => {
  if (BigInt(state.amount) !== BigInt(row.amount)) return { status: 'mismatch' };
  if (state.status === 'paid') return { status: 'paid', providerId: state.transferCode };
  if (state.status === 'failed' || state.status === 'reversed')
    return { status: 'failed', reason: `The transfer ${state.status === 'reversed' ? 'was reversed by the bank' : 'failed at the bank'}.`, providerId: state.transferCode };
  return { status: 'pending', providerId: state.transferCode };
};

const fromForeign = (row: WithdrawalRow, state: ForeignPayoutState): Outcome => {
  if (state.amount !== BigInt(row.amount) || state.currency !== row.asset) return { status: 'mismatch' };
  if (state.status === 'failed') return { status: 'failed', reason: state.reason ?? 'The payout failed at the bank.', providerId: state.providerId };
  return state.status === 'paid' ? { status: 'paid', providerId: state.providerId } : { status: 'pending', providerId: state.providerId };
};

/** Why a withdrawal not yet at its provider may not go now (a frozen wallet, a live business no longer approved), or null. */
async function stopBeforeSending(db: Queryable, row: WithdrawalRow): Promise<string | null> {
  if (await isWalletFrozen(db, row.company_id, row.livemode)) return text.frozenBeforeSending;
  if (row.livemode && !(await companyMayGoLive(db, row.company_id))) return text.liveNeedsApproval;
  return null;
}

/** Asks the provider of `row` what became of it (null: it has none), or sends it. */
async function askProvider(ctx: AppContext, row: WithdrawalRow): Promise<Outcome> {
  const again = row.attempts > 1 || row.provider_transfer_code !== null;
  if (row.provider === 'sandbox') {
    const stopped = await stopBeforeSending(ctx.db, row);
    if (stopped) return { status: 'failed', reason: stopped, providerId: null };
    const result = sandboxTransfer(row.account_number);
    return result.ok ? { status: 'paid', providerId: null } : { status: 'failed', reason: result.reason, providerId: null };
  }
  if (row.provider === 'sandbox_foreign') {
    const known = again ? await foreignPayouts.status(row.reference) : null;
    if (known) return fromForeign(row, known);
    const stopped = await stopBeforeSending(ctx.db, row);
    if (stopped) return { status: 'failed', reason: stopped, providerId: null };
    const answer = await foreignPayouts.send({
      reference: row.reference,
      currency: row.asset as 'USD' | 'GBP' | 'EUR',
      amount: BigInt(row.amount),
      account: { kind: row.destination_kind as 'iban' | 'gb_account' | 'us_account', accountName: row.account_name, bankCode: row.bank_code, accountNumber: row.account_number },
    });
    return 'refused' in answer ? { status: 'failed', reason: answer.refused, providerId: null } : fromForeign(row, answer);
  }
  // Paystack (live naira): the payouts' transfer provider.
  const provider = ctx.transfers;
  if (!provider) throw new AppError('BAD_GATEWAY', 'No transfer provider is set up');
  const known = again ? await provider.verifyTransfer(row.reference) : null;
  if (known) return fromTransfer(row, known);
  const stopped = await stopBeforeSending(ctx.db, row);
  if (stopped) return { status: 'failed', reason: stopped, providerId: null };
  const amount = BigInt(row.amount);
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) return { status: 'failed', reason: 'The payment provider could not make a transfer this large.', providerId: null };
  const recipient = await provider.createRecipient({ name: row.account_name, accountNumber: row.account_number, bankCode: row.bank_code });
  if ('refused' in recipient) {
    ctx.log.warn({ withdrawal: row.id, refused: recipient.refused }, 'Paystack refused a withdrawal recipient');
    return { status: 'failed', reason: 'The payment provider could not set up this bank account for transfers.', providerId: null };
  }
  const answer = await provider.transfer({ amount: kobo(amount), recipientCode: recipient.recipientCode, reference: row.reference, reason: 'FiPay withdrawal' });
  if ('refused' in answer) {
    ctx.log.warn({ withdrawal: row.id, refused: answer.refused }, 'Paystack refused a withdrawal');
    return { status: 'failed', reason: 'The payment provider could not make the transfer.', providerId: null };
  }
  return fromTransfer(row, answer);
}

async function advanceWithdrawal(ctx: AppContext, id: string): Promise<keyof WithdrawalRunCounts> {
  const row = await loadWithdrawal(ctx.db, id);
  if (!row || row.status !== 'pending') return 'pending';
  try {
    return await applyOutcome(ctx, id, await askProvider(ctx, row));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'BAD_GATEWAY') throw error;
    ctx.log.warn({ withdrawal: row.id, reason: error.cause }, 'Withdrawal not confirmed by its provider; trying again later');
    // 1, 2, 4 ... minutes after each failed attempt, at most an hour.
    await ctx.db.query(
      `UPDATE withdrawals SET next_attempt_at = now() + make_interval(mins => least(60, power(2, least(attempts - 1, 6))::int))
        WHERE id = $1 AND status = 'pending'`,
      [row.id],
    );
    return 'retry';
  }
}

const accountOf = (row: WithdrawalRow, code: 'available' | 'payouts_in_transit'): ModeAccount => ({ companyId: row.company_id, code, currency: row.asset, livemode: row.livemode });

/**
 * Applies a provider's answer to a pending withdrawal once, in one transaction: the row locked, then the ledger's
 * accounts. The one way a withdrawal is settled, by the job and by Paystack's webhook alike: whichever locks the row
 * first moves it (pending → paid or failed, the moves `statusTransitions.withdrawals` and the database's guard allow);
 * the other finds it settled and does nothing.
 */
async function applyOutcome(ctx: AppContext, id: string, outcome: Outcome, event?: { key: string; type: string }): Promise<keyof WithdrawalRunCounts> {
  return ctx.db.transaction(async (tx) => {
    // A webhook's event is recorded with what it did; a repeated delivery applies nothing.
    if (event && !(await recordProviderEvent(tx, event))) return 'pending';
    const row = await loadWithdrawal(tx, id, true);
    if (!row || row.status !== 'pending') return 'pending';
    if (outcome.status === 'mismatch') {
      // Never settle what does not match: kept pending, no longer tried, for a person to look at.
      ctx.log.error({ withdrawal: row.id }, 'The provider reports another amount or currency for a withdrawal');
      await tx.query('UPDATE withdrawals SET next_attempt_at = NULL WHERE id = $1', [row.id]);
      return 'pending';
    }
    if (outcome.status === 'pending') {
      await tx.query(`UPDATE withdrawals SET provider_transfer_code = coalesce($2, provider_transfer_code), next_attempt_at = now() + ${RECHECK} WHERE id = $1`, [
        row.id,
        outcome.providerId,
      ]);
      return 'pending';
    }
    const amount = BigInt(row.amount);
    const fee = BigInt(row.fee);
    const transit = accountOf(row, 'payouts_in_transit');
    const shown = `${formatAmount(row.asset, BigInt(row.amount), { decimals: 'trim', minDecimals: 2 })} ${row.asset}`;
    const test = row.livemode ? '' : ' (test)';
    if (outcome.status === 'paid') {
      assertMove('withdrawals', row, 'paid');
      const bank: ModeAccount = { code: 'bank', currency: row.asset, livemode: row.livemode };
      await lockAccounts(tx, [transit, bank]);
      // The money leaves for the receiving bank through the platform's own bank account of that currency (the fee
      // was the platform's when the withdrawal was made).
      await post(tx, {
        livemode: row.livemode,
        companyId: row.company_id,
        kind: 'withdrawal.paid',
        reference: row.id,
        description: 'Withdrawal received by the bank',
        lines: [
          { account: transit, amount },
          { account: bank, amount: -amount },
        ],
      });
      const { rows } = await tx.query<WithdrawalRow>(
        `UPDATE withdrawals SET status = 'paid', paid_at = now(), next_attempt_at = NULL, provider_transfer_code = coalesce($2, provider_transfer_code)
          WHERE id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
        [row.id, outcome.providerId],
      );
      await finish(tx, row, 'withdrawal.paid', toWithdrawal(rows[0]!), { title: `Withdrawal paid${test}`, message: `${shown} reached ${row.account_name}.` });
      return 'paid';
    }
    assertMove('withdrawals', row, 'failed');
    const available = accountOf(row, 'available');
    const fees = feesAccount(row.livemode, row.asset);
    await lockAccounts(tx, fee > 0n ? [transit, available, fees] : [transit, available]);
    // A credit to available: it goes in even while the wallet is frozen (ADR 0074 refuses debits only). The fee comes
    // back with the amount: nothing was sent (ADR 0082).
    await post(tx, {
      livemode: row.livemode,
      companyId: row.company_id,
      kind: 'withdrawal.failed',
      reference: row.id,
      description: 'Withdrawal failed; returned to available',
      lines: [
        { account: transit, amount },
        ...(fee > 0n ? [{ account: fees, amount: fee }] : []),
        { account: available, amount: -(amount + fee) },
      ],
    });
    const { rows } = await tx.query<WithdrawalRow>(
      `UPDATE withdrawals SET status = 'failed', failed_at = now(), failure_reason = $2, next_attempt_at = NULL, provider_transfer_code = coalesce($3, provider_transfer_code)
        WHERE id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
      [row.id, outcome.reason, outcome.providerId],
    );
    await finish(tx, row, 'withdrawal.failed', toWithdrawal(rows[0]!), {
      title: `Withdrawal failed${test}`,
      message: `${shown} to ${row.account_name} did not go through: ${outcome.reason} The money is back in your available balance.`,
    });
    return 'failed';
  });
}

/** The settled withdrawal's event and notification, after the ledger's entry (counters after the ledger, ADR 0063). */
async function finish(tx: Queryable, row: WithdrawalRow, type: 'withdrawal.paid' | 'withdrawal.failed', withdrawal: Withdrawal, notice: { title: string; message: string }) {
  await recordEvent(tx, { companyId: row.company_id, livemode: row.livemode }, type, withdrawal);
  await notifyCompany(tx, row.company_id, notice);
}

/**
 * The withdrawal job as a worker of every instance: woken when a withdrawal commits (`tx.wake('withdrawals')`, so a
 * test-mode withdrawal is decided within moments) and polling for the ones due again (a retry, a provider still
 * deciding). A round claims due withdrawals with SKIP LOCKED, so instances never send one twice at once.
 */
export class WithdrawalWorker extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    log: FastifyBaseLogger,
    pollMs = 15_000,
  ) {
    super(log, pollMs, 20, 'Withdrawals');
  }

  protected async handleBatch(): Promise<number> {
    // One statement claims the round (SKIP LOCKED): no transaction around it, so a poll is one round trip.
    const claimed = await claimDueWithdrawals(this.ctx.db, 20);
    if (claimed.length > 0) await sendDueWithdrawals(this.ctx, claimed);
    return claimed.length;
  }
}

/**
 * Paystack's webhook for a transfer (`transfer.success`, `transfer.failed`, `transfer.reversed`) naming a live naira
 * withdrawal's reference, as the payouts take theirs (confirmLivePayout): the transfer is verified with Paystack and
 * the answer applied through applyOutcome, once, with the event recorded in the same transaction. A withdrawal already
 * settled only records the event; a reversal of a paid one is logged for a person, as a reversed paid payout is (the
 * money has left; ADR 0082). False when the reference is not one of our withdrawals.
 */
export async function confirmLiveWithdrawal(
  ctx: AppContext,
  reference: string,
  event: { key: string; type: string; action: 'transfer.paid' | 'transfer.failed' | 'transfer.reversed' },
): Promise<boolean> {
  const { rows } = await ctx.db.query<WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE reference = $1 AND provider = 'paystack'`, [reference]);
  const row = rows[0];
  if (!row || !ctx.transfers) return false;
  if (row.status !== 'pending') {
    if (event.action === 'transfer.reversed' && row.status === 'paid') ctx.log.error({ withdrawal: row.id }, 'Paystack reversed a paid withdrawal');
    await recordProviderEvent(ctx.db, event);
    return true;
  }
  const state = await ctx.transfers.verifyTransfer(reference);
  // Paystack knowing nothing of a transfer it sent a webhook for: nothing to apply; the job asks again.
  if (!state) return true;
  await applyOutcome(ctx, row.id, fromTransfer(row, state), { key: event.key, type: event.type });
  return true;
}
