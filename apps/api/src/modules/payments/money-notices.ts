import { formatNaira } from '@fipay/contracts/payments';
import type { Queryable } from '../../db/client';
import { moneyNoticeEmail } from '../../mail/templates';
import { notifyCompany, type NewNotification } from '../notifications/notify';
import { emailCompany, type CompanyEmail } from '../notifications/tell-company';

/**
 * What the business is told as its money moves: an in-app notification to every user, and an email to each user
 * who keeps that kind on (payments received, refunds, payouts; Settings). In the transaction of the movement, in two
 * halves (docs/decisions/0063-money-paths-lock-the-ledger-last.md): the emails are outbox rows that
 * no other transaction waits for, written before the ledger locks (`emailNotice`); the notifications number each
 * user's list under that user's count row, one of the company's shared counters, written after the postings like
 * the others (`notifyNotice`). `tellNotice` does both, for paths that hold no ledger lock or post nothing.
 */

export type MoneyNotice = { companyId: string; notification: NewNotification; email: CompanyEmail };

type Notice = { companyId: string; livemode: boolean; title: string; message: string; lines: string[] };

function notice(appUrl: string, topic: 'payments' | 'refunds' | 'payouts', n: Notice, where: { label: string; path: string }): MoneyNotice {
  // 'Payment received' in live mode, 'Test payment received' in test mode.
  const title = n.livemode ? n.title : `Test ${n.title.charAt(0).toLowerCase()}${n.title.slice(1)}`;
  return {
    companyId: n.companyId,
    notification: { title, message: n.message },
    email: {
      kind: topic === 'payments' ? 'payment_received' : topic === 'refunds' ? 'refund_update' : 'payout_update',
      topic,
      build: (to) => moneyNoticeEmail(to, { title: n.title, lines: n.lines, livemode: n.livemode }, { label: where.label, url: `${appUrl}${where.path}` }),
    },
  };
}

/** The emails of a notice: before the transaction's ledger locks. */
export const emailNotice = (tx: Queryable, n: MoneyNotice) => emailCompany(tx, n.companyId, n.email);
/** The notifications of a notice: after the transaction's postings and totals. */
export const notifyNotice = (tx: Queryable, n: MoneyNotice) => notifyCompany(tx, n.companyId, n.notification);
/** Both halves at once. */
export async function tellNotice(tx: Queryable, n: MoneyNotice): Promise<void> {
  await notifyNotice(tx, n);
  await emailNotice(tx, n);
}

const transactionsPage = { label: 'Open your transactions', path: '/dashboard/transactions' };
const payoutsPage = { label: 'Open your payouts', path: '/dashboard/transactions?tab=payouts' };

export function paymentReceivedNotice(
  appUrl: string,
  payment: { companyId: string; livemode: boolean; amount: number; customerEmail: string; reference: string; topUp?: boolean },
) {
  if (payment.topUp) {
    // The company paid its own wallet (ADR 0076): no customer to name.
    const message = `Your top-up of ${formatNaira(payment.amount)} was paid (reference ${payment.reference}).`;
    return notice(appUrl, 'payments', { ...payment, title: 'Top-up paid', message, lines: [message] }, transactionsPage);
  }
  const message = `${formatNaira(payment.amount)} from ${payment.customerEmail} (reference ${payment.reference}).`;
  return notice(appUrl, 'payments', { ...payment, title: 'Payment received', message, lines: [`You received ${message}`] }, transactionsPage);
}

export function refundNotice(
  appUrl: string,
  refund: { companyId: string; livemode: boolean; amount: number; reference: string },
  outcome: { processed: true } | { processed: false; reason: string },
) {
  const amount = formatNaira(refund.amount);
  const n = outcome.processed
    ? { title: 'Refund processed', message: `${amount} of payment ${refund.reference} was refunded to the customer.` }
    : { title: 'Refund failed', message: `The refund of ${amount} of payment ${refund.reference} failed: ${outcome.reason} The money is back in your balance.` };
  return notice(appUrl, 'refunds', { ...refund, ...n, lines: [n.message] }, transactionsPage);
}

export function tellRefund(
  tx: Queryable,
  appUrl: string,
  refund: { companyId: string; livemode: boolean; amount: number; reference: string },
  outcome: { processed: true } | { processed: false; reason: string },
) {
  return tellNotice(tx, refundNotice(appUrl, refund, outcome));
}

export function tellPayout(
  tx: Queryable,
  appUrl: string,
  payout: { companyId: string; livemode: boolean; amount: number; bankName: string; accountNumber: string },
  outcome: { state: 'sent' } | { state: 'paid' } | { state: 'failed'; reason: string },
) {
  const amount = formatNaira(payout.amount);
  const account = `${payout.bankName} account ending ${payout.accountNumber.slice(-4)}`;
  const n =
    outcome.state === 'sent'
      ? { title: 'Payout on its way', message: `${amount} is on its way to your ${account}.` }
      : outcome.state === 'paid'
        ? { title: 'Payout paid', message: `${amount} was paid to your ${account}.` }
        : { title: 'Payout failed', message: `${amount} could not be paid to your ${account}: ${outcome.reason} The money is back in your available balance.` };
  return tellNotice(tx, notice(appUrl, 'payouts', { ...payout, ...n, lines: [n.message] }, payoutsPage));
}

/** A live refund Paystack cannot make without the customer's bank details: the business must act. */
export function tellRefundNeedsAttention(tx: Queryable, appUrl: string, companyId: string, n: { title: string; message: string }) {
  return tellNotice(tx, notice(appUrl, 'refunds', { companyId, livemode: true, ...n, lines: [n.message] }, transactionsPage));
}
