import { randomBytes } from 'node:crypto';
import type { AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import type { PaymentMethod } from '@fipay/contracts/payment-methods';
import {
  isWithdrawable,
  SETTLEMENT_ACCOUNT,
  withdrawalMessages as text,
  type WithdrawableAsset,
  type createWithdrawalRequest,
  type Withdrawal,
  type WithdrawalListQuery,
  type WithdrawalPreview,
  type withdrawalPreviewRequest,
} from '@fipay/contracts/withdrawals';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ownerSeqOrder } from '../../db/owner-page';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import type { Merchant } from '../../plugins/merchant-auth';
import { companyMayGoLive } from '../developers/modes';
import { AmountTooLargeError, lockAccounts, post, walletBalances, WalletFrozenError, type ModeAccount } from '../ledger/ledger';
import { isWalletFrozen } from '../ledger/wallet-freezes';
import { consumeLimit, limitsLeft } from '../limits/limits';
import { notifyCompany } from '../notifications/notify';
import { toPaymentMethod, usablePaymentMethod } from '../payment-methods/payment-methods';
import { priceAtMarket } from '../rates/rates';
import { codeNeeded, requireCode } from '../transfers/transfers';
import { registerCounterpartyResolver } from '../wallet/counterparties';
import { recordEvent } from '../webhooks/events';

/**
 * Withdrawals (docs/decisions/0075-withdrawals.md): money leaving the wallet for a bank account. Created pending in one
 * transaction (the row, its Idempotency-Key, the event, the daily Send limit, then the ledger entry moving the amount
 * from `available` to `payouts_in_transit`); the withdrawal job (sending.ts) sends it through the provider of its
 * currency and settles it once: paid (the money leaves for the platform's `bank`) or failed (back to `available`).
 */

/**
 * The fee of a withdrawal of `asset`, in its smallest unit: WITHDRAWAL_FEES (none unless configured), shown in every
 * preview, taken with the amount to the platform's `fees` account and returned with it when the withdrawal fails
 * (docs/decisions/0082-withdrawal-webhooks-and-fees.md).
 */
export const withdrawalFee = (ctx: Pick<AppContext, 'config'>, asset: WithdrawableAsset): bigint => ctx.config.withdrawalFees[asset];

export type WithdrawalRow = {
  id: string;
  seq: string;
  company_id: string;
  livemode: boolean;
  asset: 'NGN' | 'USD' | 'GBP' | 'EUR';
  amount: string;
  fee: string;
  usd_cents: string;
  payment_method_id: string | null;
  destination_kind: Withdrawal['destination']['kind'];
  account_name: string;
  bank_name: string | null;
  bank_code: string;
  account_number: string;
  provider: 'sandbox' | 'paystack' | 'sandbox_foreign';
  reference: string;
  status: Withdrawal['status'];
  failure_reason: string | null;
  provider_transfer_code: string | null;
  attempts: number;
  created_at: Date;
  paid_at: Date | null;
  failed_at: Date | null;
};
export const WITHDRAWAL_COLUMNS = `id, seq::text AS seq, company_id, livemode, asset, amount::text AS amount, fee::text AS fee, usd_cents::text AS usd_cents,
  payment_method_id, destination_kind, account_name, bank_name, bank_code, account_number, provider, reference, status, failure_reason,
  provider_transfer_code, attempts, created_at, paid_at, failed_at`;

/** The last four characters, the rest as dots (as payment methods are shown). */
export const maskAccount = (accountNumber: string) => `${'•'.repeat(Math.min(Math.max(accountNumber.length - 4, 2), 8))}${accountNumber.slice(-4)}`;

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    livemode: row.livemode,
    asset: row.asset,
    amount: row.amount,
    fee: row.fee,
    usdCents: row.usd_cents,
    destination: {
      kind: row.destination_kind,
      paymentMethodId: row.payment_method_id,
      accountName: row.account_name,
      bankName: row.bank_name,
      accountNumber: maskAccount(row.account_number),
    },
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    failedAt: row.failed_at?.toISOString() ?? null,
  };
}

/** Where a withdrawal goes, as it is written on its row (unmasked: the provider needs the whole number). */
type Destination = {
  kind: Withdrawal['destination']['kind'];
  paymentMethodId: string | null;
  accountName: string;
  bankName: string | null;
  bankCode: string;
  accountNumber: string;
};

const refuse = (code: 'VALIDATION_FAILED' | 'UNPROCESSABLE' | 'NOT_FOUND', message: string, field: string) => new AppError(code, message, { errors: { [field]: message } });

/** The business's verified settlement bank account (where its payouts go), or a refusal. */
async function settlementAccount(db: Queryable, scope: { companyId: string }): Promise<Destination> {
  const { rows } = await db.query<{ bank_name: string; bank_code: string; account_number: string; account_name: string }>(
    'SELECT bank_name, bank_code, account_number, account_name FROM kyb_bank_details WHERE company_id = $1',
    [scope.companyId],
  );
  const bank = rows[0];
  if (!bank) throw refuse('UNPROCESSABLE', text.noSettlementAccount, 'to');
  return { kind: 'settlement_account', paymentMethodId: null, accountName: bank.account_name, bankName: bank.bank_name, bankCode: bank.bank_code, accountNumber: bank.account_number };
}

type MethodRow = { id: string; kind: PaymentMethod['kind']; currency: PaymentMethod['currency']; account_name: string; bank_name: string | null; bank_code: string; account_number: string };

/**
 * The saved payment method `id` of the caller's company and mode, when it may receive this asset now
 * (`usablePaymentMethod`, ADR 0067); otherwise the reason it may not, each in its own words. Another company's or
 * mode's method, a removed one and an unknown id answer alike (404).
 */
async function methodDestination(db: Queryable, merchant: Merchant, id: string, asset: AssetCode): Promise<Destination> {
  const usable = await usablePaymentMethod(db, merchant, id);
  if (!usable) {
    // Why not: read once more only to say it (the question itself is usablePaymentMethod's).
    const { rows } = isUuid(id)
      ? await db.query<Parameters<typeof toPaymentMethod>[0]>(
          `SELECT id, company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, name_review, created_at, usable_from
             FROM payment_methods WHERE id = $1 AND company_id = $2 AND livemode = $3 AND removed_at IS NULL`,
          [id, merchant.companyId, merchant.livemode],
        )
      : { rows: [] };
    const method = rows[0] ? toPaymentMethod(rows[0]) : undefined;
    if (!method) throw refuse('NOT_FOUND', text.methodNotFound, 'to');
    if (method.status === 'needs_review') throw refuse('UNPROCESSABLE', text.methodNeedsReview, 'to');
    throw refuse('UNPROCESSABLE', text.methodCoolingOff(new Date(method.usableFrom).toUTCString()), 'to');
  }
  if (usable.currency !== asset) throw refuse('UNPROCESSABLE', text.methodCurrency(usable.currency, asset), 'to');
  const { rows } = await db.query<MethodRow>('SELECT id, kind, currency, account_name, bank_name, bank_code, account_number FROM payment_methods WHERE id = $1', [usable.id]);
  const row = rows[0]!;
  return { kind: row.kind, paymentMethodId: row.id, accountName: row.account_name, bankName: row.bank_name, bankCode: row.bank_code, accountNumber: row.account_number };
}

/** Which provider sends this withdrawal: naira through the payouts' transfer provider, the rest through the foreign one. */
function providerFor(ctx: AppContext, merchant: Merchant, asset: 'NGN' | 'USD' | 'GBP' | 'EUR'): WithdrawalRow['provider'] {
  if (asset === 'NGN') {
    if (!merchant.livemode) return 'sandbox';
    if (!ctx.transfers) throw new AppError('CONFLICT', text.liveProviderMissing(asset));
    return 'paystack';
  }
  // No real foreign payout provider is set up: live USD, GBP and EUR wait for one (the interface is foreign-payouts.ts).
  if (merchant.livemode) throw new AppError('CONFLICT', text.liveProviderMissing(asset));
  return 'sandbox_foreign';
}

type Checked = { asset: 'NGN' | 'USD' | 'GBP' | 'EUR'; fee: bigint; destination: Destination; provider: WithdrawalRow['provider']; usdCents: bigint; code: 'authenticator' | 'email' | null };

/** The checks a withdrawal passes before anything is written; each refusal moves nothing. */
async function checkWithdrawal(ctx: AppContext, merchant: Merchant, input: z.output<typeof withdrawalPreviewRequest>): Promise<Checked> {
  const asset = input.asset;
  if (!isWithdrawable(asset)) throw refuse('UNPROCESSABLE', text.cryptoNotYet(asset), 'asset');
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', text.liveNeedsApproval);
  let destination: Destination;
  if (input.to === SETTLEMENT_ACCOUNT) {
    if (asset !== 'NGN') throw refuse('UNPROCESSABLE', text.settlementNairaOnly, 'to');
    destination = await settlementAccount(ctx.db, merchant);
  } else {
    destination = await methodDestination(ctx.db, merchant, input.to, asset);
  }
  const provider = providerFor(ctx, merchant, asset);
  const fee = withdrawalFee(ctx, asset);
  const { amount: usdCents } = await priceAtMarket(ctx, { from: asset, to: 'USD', amount: input.amount + fee, rounding: 'up' });
  return { asset, fee, destination, provider, usdCents, code: await codeNeeded(ctx, merchant, usdCents) };
}

/** A withdrawal's preview: where it goes (masked), the fee, its value, what is left of today's Send limit, the code it needs. */
export async function previewWithdrawal(ctx: AppContext, merchant: Merchant, input: z.output<typeof withdrawalPreviewRequest>): Promise<WithdrawalPreview> {
  const checked = await checkWithdrawal(ctx, merchant, input);
  const left = await limitsLeft(ctx.db, ctx.config, merchant.companyId, merchant.livemode);
  const send = left.limits.find((limit) => limit.kind === 'send');
  const { destination } = checked;
  return {
    asset: checked.asset,
    amount: input.amount.toString(),
    fee: checked.fee.toString(),
    total: (input.amount + checked.fee).toString(),
    usdCents: checked.usdCents.toString(),
    destination: {
      kind: destination.kind,
      paymentMethodId: destination.paymentMethodId,
      accountName: destination.accountName,
      bankName: destination.bankName,
      accountNumber: maskAccount(destination.accountNumber),
    },
    sendLimitLeftCents: send?.leftCents ?? '0',
    codeRequired: checked.code,
  };
}

const amountText = (asset: AssetCode, amount: bigint) => `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: 2 })} ${asset}`;

const account = (companyId: string, livemode: boolean, code: 'available' | 'payouts_in_transit', asset: AssetCode): ModeAccount => ({ companyId, code, currency: asset, livemode });
/** The platform's fee revenue account of `asset` in a mode, where payment fees go too. */
export const feesAccount = (livemode: boolean, asset: AssetCode): ModeAccount => ({ code: 'fees', currency: asset, livemode });

/**
 * Makes a withdrawal: checked (asset, mode, destination, provider, value, code), then one transaction writes the row
 * with the Idempotency-Key's note, the `withdrawal.created` event, takes the daily Send limit, locks the asset's
 * `available` and `payouts_in_transit` accounts (the ledger last, ADR 0063), refuses a frozen wallet or a balance
 * short, and posts available → payouts in transit. The job sends it after the commit. A retry with the same key
 * answers with the same withdrawal.
 */
export async function createWithdrawal(
  ctx: AppContext,
  merchant: Merchant,
  input: z.output<typeof createWithdrawalRequest>,
  claim: IdempotencyClaim | null | undefined,
): Promise<Withdrawal> {
  if (!claim) throw new AppError('BAD_REQUEST', text.keyRequired);
  const earlier = earlierEffect(claim, 'withdrawal');
  if (earlier) return (await findWithdrawal(ctx.db, merchant, earlier))!;
  const checked = await checkWithdrawal(ctx, merchant, input);
  if (checked.code) await requireCode(ctx, merchant, checked.code, input.code);
  const { asset, fee, destination, provider, usdCents } = checked;
  const total = input.amount + fee;

  return ctx.db.transaction(async (tx) => {
    const params: unknown[] = [
      merchant.companyId,
      merchant.livemode,
      asset,
      input.amount.toString(),
      fee.toString(),
      usdCents.toString(),
      destination.paymentMethodId,
      destination.kind,
      destination.accountName,
      destination.bankName,
      destination.bankCode,
      destination.accountNumber,
      provider,
      `wd-${randomBytes(10).toString('hex')}`,
      merchant.via.kind === 'dashboard' ? merchant.via.userId : null,
      merchant.via.kind === 'secret-key' ? merchant.via.keyId : null,
    ];
    const bound = bindEffectClause(claim, 'withdrawal', 'made', params.length + 1);
    const { rows } = await tx.query<WithdrawalRow>(
      `WITH made AS (
         INSERT INTO withdrawals (company_id, livemode, asset, amount, fee, usd_cents, payment_method_id, destination_kind, account_name, bank_name,
                                  bank_code, account_number, provider, reference, sent_by_user_id, sent_by_key_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         RETURNING ${WITHDRAWAL_COLUMNS}
       )${bound.sql}
       SELECT * FROM made`,
      [...params, ...bound.params],
    );
    const made = rows[0]!;
    const withdrawal = toWithdrawal(made);
    // What no other transaction waits for, before the limit's row and the ledger's locks.
    await recordEvent(tx, merchant, 'withdrawal.created', withdrawal);
    await consumeLimit(tx, ctx.config, { companyId: merchant.companyId, livemode: merchant.livemode, kind: 'send', usdCents, reference: made.id });
    const accounts = [account(merchant.companyId, merchant.livemode, 'available', asset), account(merchant.companyId, merchant.livemode, 'payouts_in_transit', asset)];
    const fees = feesAccount(merchant.livemode, asset);
    // Every account of the entry locked at once, in the ledger's one order (the platform's fees only when there is a fee).
    await lockAccounts(tx, fee > 0n ? [...accounts, fees] : accounts);
    // Read under the accounts' locks, which a freeze takes first.
    if (await isWalletFrozen(tx, merchant.companyId, merchant.livemode)) throw new AppError('CONFLICT', text.frozen);
    // Naira's available may go below zero down to what is pending (refunds): a withdrawal takes what is available only.
    const available = (await walletBalances(tx, merchant.companyId, merchant.livemode)).get(asset)?.available ?? 0n;
    if (available < total) throw refuse('UNPROCESSABLE', text.balanceShort(asset), 'amount');
    try {
      await post(tx, {
        livemode: merchant.livemode,
        companyId: merchant.companyId,
        kind: 'withdrawal',
        reference: made.id,
        description: `Withdrawal to ${destination.bankName ?? destination.accountName} ${maskAccount(destination.accountNumber)}`,
        // The amount waits in transit for the bank; the fee is the platform's revenue at once, as a payment's fee is.
        lines: [
          { account: accounts[0]!, amount: total },
          { account: accounts[1]!, amount: -input.amount },
          ...(fee > 0n ? [{ account: fees, amount: -fee }] : []),
        ],
      });
    } catch (error) {
      if (error instanceof WalletFrozenError) throw new AppError('CONFLICT', text.frozen);
      if (error instanceof AmountTooLargeError) throw refuse('VALIDATION_FAILED', error.message, 'amount');
      throw error;
    }
    const test = merchant.livemode ? '' : ' (test)';
    await notifyCompany(tx, merchant.companyId, {
      title: `Withdrawal on its way${test}`,
      message: `${amountText(asset, input.amount)} to ${destination.accountName} ${maskAccount(destination.accountNumber)}${fee > 0n ? ` (fee ${amountText(asset, fee)})` : ''}.`,
    });
    // The withdrawal job sends it once this commits.
    tx.wake('withdrawals');
    return withdrawal;
  });
}

/** One of the scope's withdrawals; undefined for a missing one and another company's or mode's alike. */
export async function findWithdrawal(db: Queryable, scope: { companyId: string; livemode: boolean }, id: string): Promise<Withdrawal | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1 AND company_id = $2 AND livemode = $3`, [
    id,
    scope.companyId,
    scope.livemode,
  ]);
  return rows[0] ? toWithdrawal(rows[0]) : undefined;
}

/**
 * A page of the scope's withdrawals, newest first, by keyset on their sequence, through the company's own index
 * (`ownerSeqOrder`, docs/decisions/0107-an-owner-s-page-reads-the-owner-s-own-rows.md). The asset, the status and the
 * cursor are written into the text only when given, so that the cursor bounds the scan instead of filtering it.
 */
export async function listWithdrawals(
  db: Queryable,
  scope: { companyId: string; livemode: boolean },
  query: WithdrawalListQuery,
): Promise<{ withdrawals: Withdrawal[]; nextBefore: string | null }> {
  const { text, values } = withdrawalListQuery(scope, query);
  const { rows } = await db.query<WithdrawalRow>(text, values);
  const page = rows.slice(0, query.limit);
  return { withdrawals: page.map(toWithdrawal), nextBefore: rows.length > query.limit ? page.at(-1)!.seq : null };
}

/** `listWithdrawals`'s statement and its parameters: the page and one more, to tell whether there is a next page. */
export function withdrawalListQuery(scope: { companyId: string; livemode: boolean }, query: WithdrawalListQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [scope.companyId, scope.livemode, query.limit + 1];
  const owner = ownerSeqOrder('w', 'company_id', '$1::uuid');
  const conditions = [owner.where, 'w.livemode = $2::boolean'];
  if (query.asset) conditions.push(`w.asset = $${values.push(query.asset)}::text`);
  if (query.status) conditions.push(`w.status = $${values.push(query.status)}::text`);
  if (query.before) conditions.push(`w.seq < $${values.push(query.before)}::bigint`);
  return { text: `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w WHERE ${conditions.join(' AND ')} ORDER BY ${owner.orderBy} LIMIT $3::int`, values };
}

/** The bank account of each withdrawal line on a wallet statement (ADR 0072's resolvers), for the viewer's own only. */
const resolveDestination = async (db: Queryable, references: string[], viewer: { companyId: string; livemode: boolean }) => {
  const ids = references.filter(isUuid);
  if (ids.length === 0) return new Map<string, { name: string; tag: null }>();
  const { rows } = await db.query<{ id: string; account_name: string; account_number: string; bank_name: string | null }>(
    'SELECT id, account_name, account_number, bank_name FROM withdrawals WHERE id = ANY($1::uuid[]) AND company_id = $2 AND livemode = $3',
    [ids, viewer.companyId, viewer.livemode],
  );
  return new Map(rows.map((row) => [row.id, { name: `${row.account_name} ${maskAccount(row.account_number)}`, tag: null }]));
};
for (const kind of ['withdrawal', 'withdrawal.paid', 'withdrawal.failed']) registerCounterpartyResolver(kind, resolveDestination);

