import type { refundStatuses, payoutStatuses, transactionStatuses } from '@fipay/contracts/payments';
import type { deliveryStatuses } from '@fipay/contracts/webhooks';
import type { paymentMethodStatuses } from '@fipay/contracts/payment-methods';
import type { offerStatuses, tradeStatuses } from '@fipay/contracts/marketplace';

type Tone = 'done' | 'waiting' | 'failed' | 'off';

const toneClasses: Record<Tone, string> = {
  done: 'bg-emerald-100 text-emerald-800',
  waiting: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
  off: 'bg-slate-200 text-slate-700',
};

/**
 * Every status the payments and developers pages show, by what it belongs to: its label and its colour. The one
 * place these words and colours are chosen.
 */
export const statusBadges = {
  transaction: {
    success: { label: 'Successful', tone: 'done' },
    pending: { label: 'Pending', tone: 'waiting' },
    failed: { label: 'Failed', tone: 'failed' },
    abandoned: { label: 'Abandoned', tone: 'off' },
  },
  refund: {
    processed: { label: 'Processed', tone: 'done' },
    pending: { label: 'Pending', tone: 'waiting' },
    failed: { label: 'Failed', tone: 'failed' },
  },
  payout: {
    paid: { label: 'Paid', tone: 'done' },
    pending: { label: 'Pending', tone: 'waiting' },
    failed: { label: 'Failed', tone: 'failed' },
  },
  paymentLink: {
    active: { label: 'Active', tone: 'done' },
    inactive: { label: 'Inactive', tone: 'off' },
  },
  delivery: {
    succeeded: { label: 'Succeeded', tone: 'done' },
    pending: { label: 'Pending', tone: 'waiting' },
    failed: { label: 'Failed', tone: 'failed' },
  },
  /** A rolled API key still working until its end: "Expires" and the date. */
  apiKey: {
    expiring: { label: 'Expires', tone: 'waiting' },
  },
  /** A saved account: "Cooling off until" and the date while it waits. */
  paymentMethod: {
    usable: { label: 'Usable', tone: 'done' },
    cooling_off: { label: 'Cooling off until', tone: 'waiting' },
    needs_review: { label: 'Needs review', tone: 'failed' },
  },
  offer: {
    active: { label: 'Active', tone: 'done' },
    paused: { label: 'Paused', tone: 'waiting' },
    exhausted: { label: 'Sold out', tone: 'off' },
    closed: { label: 'Closed', tone: 'off' },
  },
  trade: {
    awaiting_payment: { label: 'Awaiting payment', tone: 'waiting' },
    paid: { label: 'Paid, awaiting release', tone: 'waiting' },
    completed: { label: 'Completed', tone: 'done' },
    cancelled: { label: 'Cancelled', tone: 'off' },
    disputed: { label: 'In dispute', tone: 'failed' },
    resolved: { label: 'Resolved', tone: 'done' },
  },
} as const satisfies Record<string, Record<string, { label: string; tone: Tone }>>;

type Badges = typeof statusBadges;
export type StatusKind = keyof Badges;

// The table must name every status the contracts have: a new status fails the type check here.
type Covers<Table, Status extends string> = [Status] extends [keyof Table] ? true : never;
const covered: [
  Covers<Badges['transaction'], (typeof transactionStatuses)[number]>,
  Covers<Badges['refund'], (typeof refundStatuses)[number]>,
  Covers<Badges['payout'], (typeof payoutStatuses)[number]>,
  Covers<Badges['delivery'], (typeof deliveryStatuses)[number]>,
  Covers<Badges['paymentMethod'], (typeof paymentMethodStatuses)[number]>,
  Covers<Badges['offer'], (typeof offerStatuses)[number]>,
  Covers<Badges['trade'], (typeof tradeStatuses)[number]>,
] = [true, true, true, true, true, true, true];
void covered;

/** The words for a status, e.g. for a filter's options. */
export function statusLabel<K extends StatusKind>(kind: K, status: keyof Badges[K]): string {
  return (statusBadges[kind][status] as { label: string }).label;
}

type StatusBadgeProps<K extends StatusKind> = {
  kind: K;
  status: keyof Badges[K];
  /** Words after the label, such as the date an expiring key stops working. */
  detail?: string;
  className?: string;
};

/** A status as a coloured label, from the one table above. */
export function StatusBadge<K extends StatusKind>({ kind, status, detail, className = '' }: StatusBadgeProps<K>) {
  const { label, tone } = statusBadges[kind][status] as { label: string; tone: Tone };
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${toneClasses[tone]} ${className}`}>
      {detail ? `${label} ${detail}` : label}
    </span>
  );
}
