import { paymentMessages, type PayLinkRequest } from '@fipay/contracts/payments';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { findPayableLink } from '../links/payment-links';
import { initializeTransaction } from './transactions';

/**
 * A customer starts paying a link (the JSON call and the page's plain form alike): a pending transaction and the
 * checkout's address. A live link takes real money only while its business may go live and live payments work
 * (modes.ts); the customer is told only that the business cannot take payments now, whichever it is.
 */
export async function startLinkPayment(
  ctx: AppContext,
  slug: string,
  body: Omit<PayLinkRequest, 'amount'> & { amount?: number },
  request: { ip: string; log: { warn: (details: object, message: string) => void } },
): Promise<{ reference: string; authorizationUrl: string; accessCode: string }> {
  await ctx.limiter.consume('payStartPerIp', request.ip);
  const link = await findPayableLink(ctx, slug);
  if (!link.active) throw new AppError('CONFLICT', paymentMessages.payPageInactive);
  if (!link.acceptingPayments) throw new AppError('CONFLICT', paymentMessages.businessCannotTakePayments);
  const amount = link.amount ?? body.amount;
  if (amount === undefined) throw new AppError('VALIDATION_FAILED', paymentMessages.amountRequired, { errors: { amount: paymentMessages.amountRequired } });
  if (link.collectPhone && !body.phone) throw new AppError('VALIDATION_FAILED', paymentMessages.phoneRequired, { errors: { phone: paymentMessages.phoneRequired } });
  try {
    return await initializeTransaction(
      ctx,
      { companyId: link.companyId, livemode: link.livemode },
      { amount, email: body.email, name: body.name, phone: body.phone ?? null, paymentLinkId: link.id, callbackUrl: link.redirectUrl },
    );
  } catch (error) {
    // The provider failed on this very payment (or stopped answering since it was last checked): no 5xx for a
    // customer (initializeTransaction has the readiness check ask again at the next look).
    if (!link.livemode || !(error instanceof AppError) || !['BAD_GATEWAY', 'SERVICE_UNAVAILABLE'].includes(error.code)) throw error;
    request.log.warn({ link: link.id, reason: error.cause ?? error.message }, 'A live payment could not be started at the payment provider');
    throw new AppError('CONFLICT', paymentMessages.businessCannotTakePayments);
  }
}
