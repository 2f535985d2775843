/**
 * Where each money object's status may go (docs/decisions/0053-status-transitions.md). The database holds the
 * same table (`status_transitions`, migration 0023) and its guard refuses any other move, so a bug here cannot
 * write one; `transitions.test.ts` holds the two equal. A move only a provider makes names it: Paystack may
 * confirm a charge closed here (a declined first card, our 24 hours), and that money is credited.
 */
export const statusTransitions = {
  transactions: [
    { from: 'pending', to: 'success' },
    { from: 'pending', to: 'failed' },
    { from: 'pending', to: 'abandoned' },
    { from: 'failed', to: 'success', provider: 'paystack' },
    { from: 'abandoned', to: 'success', provider: 'paystack' },
  ],
  refunds: [
    { from: 'pending', to: 'processed' },
    { from: 'pending', to: 'failed' },
  ],
  payouts: [
    { from: 'pending', to: 'paid' },
    { from: 'pending', to: 'failed' },
  ],
  // Withdrawals (migration 0045): the job or Paystack's webhook settles each once.
  withdrawals: [
    { from: 'pending', to: 'paid' },
    { from: 'pending', to: 'failed' },
  ],
  // Marketplace offers (migration 0047, ADR 0084): paused and resumed by their vendor, exhausted and active again as
  // trades take and give back their amount, closed for good.
  offers: [
    { from: 'active', to: 'paused' },
    { from: 'paused', to: 'active' },
    { from: 'active', to: 'exhausted' },
    { from: 'exhausted', to: 'active' },
    { from: 'active', to: 'closed' },
    { from: 'paused', to: 'closed' },
    { from: 'exhausted', to: 'closed' },
  ],
  // Marketplace trades (migration 0047, ADR 0084): paid by the buyer, released by the seller, cancelled, disputed and ruled.
  trades: [
    { from: 'awaiting_payment', to: 'paid' },
    { from: 'awaiting_payment', to: 'cancelled' },
    { from: 'paid', to: 'completed' },
    { from: 'paid', to: 'disputed' },
    { from: 'paid', to: 'cancelled' },
    { from: 'disputed', to: 'completed' },
    { from: 'disputed', to: 'resolved' },
  ],
  // Disputes of trades (migration 0049, ADR 0086): ruled by an agent, or withdrawn when the seller releases after all.
  trade_disputes: [
    { from: 'open', to: 'ruled' },
    { from: 'open', to: 'withdrawn' },
  ],
  // Requests for higher limits (migration 0035): a reviewer grants or declines each once.
  limit_requests: [
    { from: 'pending', to: 'granted' },
    { from: 'pending', to: 'declined' },
  ],
} as const satisfies Record<string, readonly { from: string; to: string; provider?: string }[]>;

export type StatusTable = keyof typeof statusTransitions;
type Transition<T extends StatusTable> = (typeof statusTransitions)[T][number];
export type StatusOf<T extends StatusTable> = Transition<T>['from'] | Transition<T>['to'];

const singular: Record<StatusTable, string> = {
  transactions: 'transaction',
  refunds: 'refund',
  payouts: 'payout',
  limit_requests: 'limit request',
  withdrawals: 'withdrawal',
  offers: 'offer',
  trades: 'trade',
  trade_disputes: 'trade dispute',
};

/**
 * A money object found in a status the code did not expect for what it was about to do: a bug or a race lost,
 * never the customer's or the business's doing. It names the object, the status it has and the ones expected.
 */
export class UnexpectedStateError extends Error {
  constructor(
    readonly table: StatusTable,
    readonly id: string,
    readonly status: string,
    readonly expected: readonly string[],
  ) {
    super(`${singular[table]} ${id} is ${status}; expected ${expected.length ? expected.join(' or ') : 'nothing else'}`);
    this.name = 'UnexpectedStateError';
  }
}

/** The statuses `table`'s rows may move to `to` from (for `provider`'s rows). */
export function statusesBefore<T extends StatusTable>(table: T, to: StatusOf<T>, provider?: string): StatusOf<T>[] {
  const rows: readonly { from: string; to: string; provider?: string }[] = statusTransitions[table];
  return rows.filter((t) => t.to === to && (t.provider === undefined || t.provider === provider)).map((t) => t.from as StatusOf<T>);
}

/**
 * Checks that `row` may move to `to`, before it is written: throws UnexpectedStateError naming the statuses it
 * could have moved from.
 */
export function assertMove<T extends StatusTable>(table: T, row: { id: string; status: string; provider?: string | null }, to: StatusOf<T>): void {
  const from = statusesBefore(table, to, row.provider ?? undefined);
  if (!from.includes(row.status as StatusOf<T>)) throw new UnexpectedStateError(table, row.id, row.status, from);
}
