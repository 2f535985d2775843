import type { AppContext } from '../../context';
import { jobWithFollowUp, type ScheduledJob } from '../../jobs/scheduler';
import { recomputeBadges } from './reputation';
import { sweepTradeTimers } from './trades';

/**
 * The trades' timers (docs/decisions/0084-marketplace-offers-trades-and-escrow.md) every 30 seconds: payment windows
 * that ran out cancel their trades, release windows that ran out open disputes. The sweep takes each trade in a
 * transaction of its own with SKIP LOCKED, after the job's lock is let go, so instances share the work and a trade
 * is moved once.
 */
export function marketplaceJobs(ctx: AppContext): ScheduledJob[] {
  return [
    jobWithFollowUp({
      name: 'trade-timers',
      everyMs: 30_000,
      lockId: 72_413_401,
      run: async () => ({}),
      afterCommit: async () => sweepTradeTimers(ctx),
    }),
    // The Trader Program badges from the last 90 days of trades (docs/decisions/0087-marketplace-reputation.md).
    { name: 'trader-badges', everyMs: 60 * 60_000, lockId: 72_413_450, run: async (tx) => recomputeBadges(tx) },
  ];
}
