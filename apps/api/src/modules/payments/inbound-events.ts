import type { AppContext } from '../../context';
import type { InboundEvent } from '../../providers/types';
import { confirmLiveCharge } from './charges/provider-charges';
import { confirmLivePayout } from './payouts/transfers';
import { applyRefundEvent } from './refunds/refund-events';
import { confirmLiveWithdrawal } from '../withdrawals/sending';

/**
 * One stored provider event applied through our own actions (modules/payments/provider-inbox.ts): a paid charge
 * settled through a fresh verification, a refund's news applied to the refunds it names through what the provider
 * holds for each (applyRefundEvent), a transfer's settled through a fresh verification of the payout or withdrawal it names.
 * `ignored` when it named nothing of ours (or, for a charge, the provider did not yet agree it was paid: a repeat
 * delivery is applied again, and the charge check asks in any case). An outage is thrown (502) for a later attempt.
 */
export async function applyInboundEvent(ctx: AppContext, event: InboundEvent): Promise<'applied' | 'ignored'> {
  switch (event.action) {
    case 'refund.updated':
      return (await applyRefundEvent(ctx, event)) ? 'applied' : 'ignored';
    case 'transfer.paid':
    case 'transfer.failed':
    case 'transfer.reversed':
      // A payout's reference, else a withdrawal's (docs/decisions/0082-withdrawal-webhooks-and-fees.md).
      return (await confirmLivePayout(ctx, event.reference, event)) || (await confirmLiveWithdrawal(ctx, event.reference, event)) ? 'applied' : 'ignored';
    case 'charge.paid': {
      const row = await confirmLiveCharge(ctx, event.reference, { key: event.key, type: event.type });
      return row?.status === 'success' ? 'applied' : 'ignored';
    }
    case 'ignored':
      return 'ignored';
  }
}
