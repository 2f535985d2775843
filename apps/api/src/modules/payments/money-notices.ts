import { formatNaira } from '@fipay/contracts/payments';
import type { Queryable } from '../../db/client';
import { moneyNoticeEmail } from '../../mail/templates';
import { tellCompany } from '../notifications/tell-company';

/**
 * What the business is told as its money moves: an in-app notification to every user, and an email to each user
 * who keeps that kind on (payments received, refunds, payouts; Settings). In the transaction of the movement.
 */

type Notice = { companyId: string; livemode: boolean; title: string; message: string; lines: string[] };

async function tell(tx: Queryable, appUrl: string, topic: 'payments' | 'refunds' | 'payouts', notice: Notice, where: { label: string; path: string }) {
  // 'Payment received' in live mode, 'Test payment received' in test mode.
  const title = notice.livemode ? notice.title : `Test ${notice.title.charAt(0).toLowerCase()}${notice.title.slice(1)}`;
  await tellCompany(
    tx,
    notice.companyId,
    { title, message: notice.message },
    {
      kind: topic === 'payments' ? 'payment_received' : topic === 'refunds' ? 'refund_update' : 'payout_update',
      topic,
      build: (to) => moneyNoticeEmail(to, { title: notice.title, lines: notice.lines, livemode: notice.livemode }, { label: where.label, url: `${appUrl}${where.path}` }),
    },
  );
}

const transactionsPage = { label: 'Open your transactions', path: '/dashboard/transactions' };
const payoutsPage = { label: 'Open your payouts', path: '/dashboard/transactions?tab=payouts' };

export function tellPaymentReceived(tx: Queryable, appUrl: string, payment: { companyId: string; livemode: boolean; amount: number; customerEmail: string; reference: string }) {
  const message = `${formatNaira(payment.amount)} from ${payment.customerEmail} (reference ${payment.reference}).`;
  return tell(tx, appUrl, 'payments', { ...payment, title: 'Payment received', message, lines: [`You received ${message}`] }, transactionsPage);
}

export function tellRefund(
  tx: Queryable,
  appUrl: string,
  refund: { companyId: string; livemode: boolean; amount: number; reference: string },
  outcome: { processed: true } | { processed: false; reason: string },
) {
  const amount = formatNaira(refund.amount);
  const notice = outcome.processed
    ? { title: 'Refund processed', message: `${amount} of payment ${refund.reference} was refunded to the customer.` }
    : { title: 'Refund failed', message: `The refund of ${amount} of payment ${refund.reference} failed: ${outcome.reason} The money is back in your balance.` };
  return tell(tx, appUrl, 'refunds', { ...refund, ...notice, lines: [notice.message] }, transactionsPage);
}

export function tellPayout(
  tx: Queryable,
  appUrl: string,
  payout: { companyId: string; livemode: boolean; amount: number; bankName: string; accountNumber: string },
  outcome: { state: 'sent' } | { state: 'paid' } | { state: 'failed'; reason: string },
) {
  const amount = formatNaira(payout.amount);
  const account = `${payout.bankName} account ending ${payout.accountNumber.slice(-4)}`;
  const notice =
    outcome.state === 'sent'
      ? { title: 'Payout on its way', message: `${amount} is on its way to your ${account}.` }
      : outcome.state === 'paid'
        ? { title: 'Payout paid', message: `${amount} was paid to your ${account}.` }
        : { title: 'Payout failed', message: `${amount} could not be paid to your ${account}: ${outcome.reason} The money is back in your available balance.` };
  return tell(tx, appUrl, 'payouts', { ...payout, ...notice, lines: [notice.message] }, payoutsPage);
}

/** A live refund Paystack cannot make without the customer's bank details: the business must act. */
export function tellRefundNeedsAttention(tx: Queryable, appUrl: string, companyId: string, notice: { title: string; message: string }) {
  return tell(tx, appUrl, 'refunds', { companyId, livemode: true, ...notice, lines: [notice.message] }, transactionsPage);
}
