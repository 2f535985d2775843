import type { AppContext } from '../../context';
import { jobWithFollowUp, type ScheduledJob } from '../../jobs/scheduler';
import { checkLiveCharges, claimLiveChargeChecks } from './charges/provider-charges';
import { checkRefunds, claimRefundChecks } from './refunds/refunds';
import { releaseDue } from './payouts/balances';
import { duePayouts, payoutsDue } from './payouts/payouts';
import { abandonStale } from './charges/transactions';
import { claimDueTransfers, sendDueTransfers } from './payouts/transfers';

const MINUTE = 60_000;

/**
 * The payment jobs, run by every API instance under advisory locks (docs/decisions/0032-refunds-and-settlements.md):
 * due charges move to available each minute; payouts run every 15 minutes and pay each company and mode at
 * most once per Lagos day; live payouts are sent to Paystack (and checked again) each minute after their
 * claim commits (docs/decisions/0034-live-payouts-through-paystack.md), and live refunds pending for over an hour
 * are asked about hourly; pending live charges are asked about on a widening schedule (checkLiveCharges); unpaid
 * test checkouts are abandoned after 24 hours, live ones once Paystack has been asked.
 */
export function paymentJobs(ctx: AppContext): ScheduledJob[] {
  return [
    { name: 'release-due-charges', everyMs: MINUTE, lockId: 72_413_201, run: async (tx) => ({ released: await releaseDue(tx) }) },
    // Each company due is paid out in a transaction of its own after the run's list commits (a transaction moves one
    // company's money); two instances running it back to back pay a company once a day all the same (payOut checks).
    // PAYOUTS_SCHEDULE=off leaves payouts to "Pay out now" and the API (a test server whose balances must stay put).
    ...(ctx.config.payoutsSchedule === 'off'
      ? []
      : [
          jobWithFollowUp({
            name: 'payouts',
      everyMs: 15 * MINUTE,
      lockId: 72_413_202,
      run: async (tx) => ({ due: await duePayouts(tx) }),
      afterCommit: async ({ due }) => {
        const counts = await payoutsDue(ctx, due);
        // The live payouts just written go to Paystack now rather than at the transfer job's next run.
        return { ...counts, transfers: ctx.transfers ? await sendDueTransfers(ctx) : undefined };
      },
          }),
        ]),
    jobWithFollowUp({
      name: 'live-transfers',
      everyMs: MINUTE,
      lockId: 72_413_204,
      run: async (tx) => ({ claimed: await claimDueTransfers(tx) }),
      afterCommit: async ({ claimed }) => sendDueTransfers(ctx, claimed),
    }),
    // Live refunds whose webhook never came: asked about at Paystack hourly, oldest check first.
    jobWithFollowUp({
      name: 'live-refund-checks',
      everyMs: 60 * MINUTE,
      lockId: 72_413_205,
      run: async (tx) => ({ claimed: ctx.acquirers.live ? await claimRefundChecks(tx) : [] }),
      afterCommit: async ({ claimed }) => checkRefunds(ctx, claimed),
    }),
    // Live charges whose webhook was lost or came early: asked about at Paystack, then closed after 24 hours unpaid.
    jobWithFollowUp({
      name: 'live-charge-checks',
      everyMs: 5 * MINUTE,
      lockId: 72_413_206,
      run: async (tx) => ({ claimed: ctx.acquirers.live ? await claimLiveChargeChecks(tx) : [] }),
      afterCommit: async ({ claimed }) => checkLiveCharges(ctx, claimed),
    }),
    { name: 'abandon-unpaid', everyMs: 15 * MINUTE, lockId: 72_413_203, run: async (tx) => ({ abandoned: await abandonStale(tx) }) },
  ];
}
