import { randomInt } from 'node:crypto';
import {
  ABANDON_AFTER_HOURS,
  MAX_CARD_ATTEMPTS,
  paymentMessages,
  SANDBOX_OTP,
  testCards,
  type Checkout,
  type cardRequest,
} from '@fipay/contracts/payments';
import { maskEmail } from '@fipay/contracts/mask-email';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { addHistory, checkoutUrl, findCheckoutRow, TRANSACTION_COLUMNS, type TransactionRow } from '../transaction-rows';
import { confirmLiveCharge } from './provider-charges';
import { completeCharge, recordDeclinedAttempt, type Card } from './transactions';
import { kobo } from '../../../lib/minor-units';

/**
 * The sandbox acquirer behind test mode's hosted checkout (docs/decisions/0031-collecting-payments.md):
 * documented test cards decide the outcome, 123456 completes a card that asks for an OTP, and a bank
 * transfer completes when the customer (the tester) says it arrived. No card data is stored beyond
 * brand and last four digits, and nothing leaves the machine.
 */

export const SANDBOX_BANK_NAME = 'FiPay Sandbox Bank';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^(506[01]|507[89]|6500)/.test(digits)) return 'Verve';
  return 'Card';
}

/** The card's expiry month has not ended (MM/YY, the century is 20xx). */
export function notExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const endOfMonth = Date.UTC(2000 + year!, month!, 1);
  return endOfMonth > now.getTime();
}

type CheckoutRow = TransactionRow & { company_name: string; link_slug: string | null };

/** The checkout with this access code (docs/decisions/0043-unguessable-checkouts.md); a reference finds nothing here. */
async function loadCheckout(db: Queryable, code: string, lock: boolean, provider: 'sandbox' | 'any' = 'sandbox'): Promise<CheckoutRow> {
  const row = await findCheckoutRow<CheckoutRow>(db, code, lock);
  // Live transactions are paid on the provider's page, never here: only their state is shown.
  if (!row || (provider === 'sandbox' && row.provider !== 'sandbox')) throw new AppError('NOT_FOUND', paymentMessages.checkoutNotFound);
  return { ...row, company_name: row.company_name ?? '', link_slug: row.link_slug ?? null };
}

/** The merchant's return address only once the payment is final, when the customer is sent there; this receipt before. */
function returnUrl(ctx: AppContext, row: TransactionRow): string {
  if (!row.callback_url || row.status === 'pending') return checkoutUrl(ctx.config.appUrl, row);
  const url = new URL(row.callback_url);
  url.searchParams.set('reference', row.reference);
  url.searchParams.set('trxref', row.reference);
  return url.toString();
}

function toCheckout(ctx: AppContext, row: CheckoutRow): Checkout {
  return {
    reference: row.reference,
    provider: row.provider,
    livemode: row.livemode,
    status: row.status,
    amount: kobo(row.amount),
    currency: row.currency,
    // Masked: the checkout is public to whoever has its access code, and the customer knows their own address.
    email: maskEmail(row.customer_email),
    business: { name: row.company_name },
    step: row.status === 'pending' ? row.sandbox_step : null,
    bankTransfer:
      row.status === 'pending' && row.sandbox_step === 'bank_transfer' && row.bank_transfer_account
        ? {
            bankName: SANDBOX_BANK_NAME,
            accountNumber: row.bank_transfer_account,
            accountName: `FiPay / ${row.company_name}`.slice(0, 60),
            // The abandonment job (transactions.ts, abandonStale) closes the payment from then on.
            expiresAt: new Date(row.created_at.getTime() + ABANDON_AFTER_HOURS * 3_600_000).toISOString(),
          }
        : null,
    paymentLink: row.link_slug ? { slug: row.link_slug } : null,
    attemptsLeft: Math.max(0, MAX_CARD_ATTEMPTS - row.failed_attempts),
    returnUrl: returnUrl(ctx, row),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    channel: row.channel,
    gatewayResponse: row.gateway_response,
  };
}

/**
 * The checkout's state. A pending live transaction is verified with Paystack first (the customer comes
 * back here from Paystack's page); when Paystack cannot be reached it shows as pending, to be asked again.
 */
export async function getCheckout(ctx: AppContext, code: string): Promise<Checkout> {
  const row = await loadCheckout(ctx.db, code, false, 'any');
  if (row.provider === 'paystack' && row.status === 'pending' && (await claimCheckoutLook(ctx.db, row.id))) {
    await confirmLiveCharge(ctx, row.provider_reference).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'BAD_GATEWAY')) throw error;
    });
    return toCheckout(ctx, await loadCheckout(ctx.db, code, false, 'any'));
  }
  return toCheckout(ctx, row);
}

/** How often a look at one pending live checkout may ask Paystack, at most (docs/decisions/0043-unguessable-checkouts.md). */
export const CHECKOUT_VERIFY_EVERY_SECONDS = 10;

/**
 * Whether this look at a pending live checkout may ask Paystack: at most once in CHECKOUT_VERIFY_EVERY_SECONDS per
 * checkout, however many times the page is loaded (the customer's page looks every 3 seconds; the charge check job
 * asks besides).
 */
async function claimCheckoutLook(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE transactions SET checkout_verified_at = now()
      WHERE id = $1 AND (checkout_verified_at IS NULL OR checkout_verified_at < now() - make_interval(secs => $2)) RETURNING id`,
    [id, CHECKOUT_VERIFY_EVERY_SECONDS],
  );
  return rows.length > 0;
}

type Outcome = { checkout: Checkout; message: string };

/** One step on a pending checkout, with its row locked so two tabs cannot pay twice. */
async function step(ctx: AppContext, code: string, ip: string, act: (tx: Queryable, row: CheckoutRow) => Promise<{ row: TransactionRow; message: string }>): Promise<Outcome> {
  await ctx.limiter.consume('checkoutPerIp', ip);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await loadCheckout(tx, code, true);
    if (row.status === 'success') throw new AppError('CONFLICT', paymentMessages.alreadyPaid);
    if (row.status !== 'pending') throw new AppError('CONFLICT', row.status === 'failed' ? paymentMessages.tooManyAttempts : paymentMessages.checkoutClosed);
    const done = await act(tx, row);
    return { checkout: toCheckout(ctx, { ...done.row, company_name: row.company_name, link_slug: row.link_slug }), message: done.message };
  });
  return outcome;
}

export async function payWithCard(ctx: AppContext, code: string, input: z.output<typeof cardRequest>, ip: string): Promise<Outcome> {
  const digits = input.number;
  const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { errors: { [field]: message } });
  if (!luhnValid(digits)) throw fieldError('number', paymentMessages.cardNumberInvalid);
  if (!notExpired(input.expiry)) throw fieldError('expiry', paymentMessages.cardExpired);
  await ctx.limiter.consume('checkoutTriesPerReference', code);
  const card: Card = { brand: cardBrand(digits), last4: digits.slice(-4) };
  const outcome = testCards.find((c) => c.number === digits)?.outcome ?? 'unknown';
  return step(ctx, code, ip, async (tx, row) => {
    if (outcome === 'success') return { row: await completeCharge(ctx, tx, row, 'card', card, row.company_name), message: paymentMessages.paymentSuccessful };
    if (outcome === 'otp') {
      const { rows } = await tx.query<TransactionRow>(
        `UPDATE transactions SET sandbox_step = 'otp', card_brand = $2, card_last4 = $3, gateway_response = 'OTP sent', updated_at = now()
          WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
        [row.id, card.brand, card.last4],
      );
      await addHistory(tx, row.id, 'charge.otp_requested', `Card ending ${card.last4} asked for an OTP.`);
      return { row: rows[0]!, message: paymentMessages.otpSent };
    }
    const reason =
      outcome === 'declined' ? paymentMessages.cardDeclined : outcome === 'insufficient_funds' ? paymentMessages.insufficientFunds : paymentMessages.unknownTestCard;
    const after = await recordDeclinedAttempt(tx, row, reason, card);
    return { row: after, message: after.status === 'failed' ? paymentMessages.tooManyAttempts : reason };
  });
}

export async function submitOtp(ctx: AppContext, code: string, otp: string, ip: string): Promise<Outcome> {
  await ctx.limiter.consume('checkoutTriesPerReference', code);
  return step(ctx, code, ip, async (tx, row) => {
    if (row.sandbox_step !== 'otp' || !row.card_last4) throw new AppError('CONFLICT', paymentMessages.otpNotExpected);
    if (otp !== SANDBOX_OTP) throw new AppError('UNPROCESSABLE', paymentMessages.otpInvalid, { errors: { otp: paymentMessages.otpInvalid } });
    return { row: await completeCharge(ctx, tx, row, 'card', { brand: row.card_brand ?? 'Card', last4: row.card_last4 }, row.company_name), message: paymentMessages.paymentSuccessful };
  });
}

export async function startBankTransfer(ctx: AppContext, code: string, ip: string): Promise<Outcome> {
  return step(ctx, code, ip, async (tx, row) => {
    // One account per transaction: asking again shows the same one.
    const account = row.bank_transfer_account ?? `99${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const { rows } = await tx.query<TransactionRow>(
      `UPDATE transactions SET sandbox_step = 'bank_transfer', bank_transfer_account = $2, gateway_response = 'Awaiting transfer', updated_at = now()
        WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
      [row.id, account],
    );
    if (!row.bank_transfer_account) await addHistory(tx, row.id, 'charge.transfer_account', `Bank transfer account ${account} shown to the customer.`);
    return { row: rows[0]!, message: paymentMessages.transferAccountShown };
  });
}

export async function simulateTransfer(ctx: AppContext, code: string, ip: string): Promise<Outcome> {
  return step(ctx, code, ip, async (tx, row) => {
    if (row.sandbox_step !== 'bank_transfer') throw new AppError('CONFLICT', paymentMessages.transferNotStarted);
    return { row: await completeCharge(ctx, tx, row, 'bank_transfer', null, row.company_name), message: paymentMessages.paymentSuccessful };
  });
}
