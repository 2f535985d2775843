import { z } from 'zod';
import { developerMessages } from './developers';
import { envelope } from './envelope';

/**
 * Whether a business can take live payments now (docs/decisions/0045-one-live-rule-and-provider-readiness.md). Two
 * things must hold, and the business is told which one does not: its business verification is approved (then it
 * may go live: live keys, links and the live dashboard), and FiPay's payment provider is set up and answering
 * (then customers can pay).
 */

/** Why live payments cannot be taken, the business's own reason first. */
export const liveBlocks = ['business_not_approved', 'payments_not_set_up', 'payments_unavailable'] as const;
export type LiveBlock = (typeof liveBlocks)[number];

/** What the business reads for each reason: its own words, never the server's settings. */
export const liveBlockMessages: Record<LiveBlock, string> = {
  business_not_approved: developerMessages.liveModeLocked,
  payments_not_set_up:
    'Live payments are not switched on for FiPay yet, so customers cannot pay you in live mode. You can prepare live API keys and payment links now; test mode works as usual.',
  payments_unavailable:
    'FiPay cannot take live payments right now: our payment provider is not answering. Customers cannot pay you in live mode until it is back; your live API keys and payment links stay as they are.',
};

export const liveModeMessages = {
  loaded: 'Live mode status loaded.',
  /** A live refund refused because live payments do not work on FiPay now. */
  refundsUnavailable: 'Live refunds cannot be made right now, because live payments are not working on FiPay at the moment. Nothing was refunded; try again later.',
  /** Why the daily live payout did not go out. */
  payoutsPaused: 'Live payouts are paused while live payments are not working on FiPay. Your available balance stays yours and is paid out once they resume.',
} as const;

export const liveModeSchema = z.object({
  /** The business verification is approved: live mode, live keys and live links are open to the business. */
  open: z.boolean(),
  /** Live payments can be taken now: `open`, and FiPay's payment provider is set up and answering. */
  ready: z.boolean(),
  /** Why not `ready`, the business's own reason first; null when ready. */
  blocked: z.enum(liveBlocks).nullable(),
  /** The sentence for the business that says so; null when ready. */
  message: z.string().nullable(),
});
export type LiveMode = z.infer<typeof liveModeSchema>;
export const liveModeResponse = envelope(liveModeSchema);
