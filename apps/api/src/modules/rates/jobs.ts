import type { AppContext } from '../../context';
import { jobWithFollowUp, type ScheduledJob } from '../../jobs/scheduler';
import { refreshDue, refreshRates } from './rates';

/**
 * Rates are refreshed every RATES_REFRESH_SECONDS by every instance in turn: under the job's lock an instance asks
 * whether any instance fetched within the last half period, and if none did it asks the provider after the
 * transaction commits (a provider call never holds a transaction open).
 */
export function rateJobs(ctx: AppContext): ScheduledJob[] {
  const seconds = ctx.config.rates.refreshSeconds;
  return [
    jobWithFollowUp({
      name: 'refresh-rates',
      everyMs: seconds * 1000,
      lockId: 72_413_301,
      // Anything priced at market is refused until the first rates are in.
      firstRunAfterMs: 2_000,
      run: async (tx) => ({ due: await refreshDue(tx, seconds / 2) }),
      afterCommit: async ({ due }) => (due ? refreshRates(ctx) : { skipped: 'fetched by another instance' }),
    }),
  ];
}
