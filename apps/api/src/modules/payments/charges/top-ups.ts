import { TOP_UP_ASSET, type TopUp } from '@fipay/contracts/wallet';
import type { AppContext } from '../../../context';
import type { IdempotencyClaim } from '../../../plugins/idempotent-effects';
import type { Merchant } from '../../../plugins/merchant-auth';
import { feeFor } from './fees';
import { initializeTransaction } from './transactions';

/**
 * A top-up of the company's own NGN wallet (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md): a
 * transaction of the company itself (`purpose` top_up) through the existing path, so it is paid on the same hosted
 * checkout (test cards and the simulated transfer in test mode; Paystack in live mode, which needs live payments
 * working), takes the configured fee, and reaches the wallet as any payment does: the net to pending, then available
 * by the settlement rule (ADR 0032). The payer is the signed-in user, or with a secret key the company's first user;
 * the checkout sends them back to the NGN wallet.
 */
export async function startTopUp(ctx: AppContext, merchant: Merchant, amount: number, claim?: IdempotencyClaim | null): Promise<TopUp> {
  const userId = merchant.via.kind === 'dashboard' ? merchant.via.userId : null;
  const { rows } = await ctx.db.query<{ email: string; name: string }>(
    `SELECT u.email, trim(u.first_name || ' ' || u.last_name) AS name FROM users u
      WHERE u.company_id = $1 AND ($2::uuid IS NULL OR u.id = $2::uuid)
      ORDER BY u.created_at, u.id LIMIT 1`,
    [merchant.companyId, userId],
  );
  const payer = rows[0];
  if (!payer) throw new Error(`Company ${merchant.companyId} has no user to pay a top-up`);
  const made = await initializeTransaction(
    ctx,
    { companyId: merchant.companyId, livemode: merchant.livemode },
    {
      amount,
      email: payer.email,
      name: payer.name,
      callbackUrl: `${ctx.config.appUrl}/dashboard/wallet/${TOP_UP_ASSET}`,
      metadata: { purpose: 'top_up' },
      purpose: 'top_up',
    },
    claim,
  );
  return { ...made, amount, ...feeFor(amount, ctx.config.fees), currency: TOP_UP_ASSET };
}
