import { AppError } from '../lib/errors';
import { createOffer, type OfferInput } from '../modules/marketplace/offers';
import type { Merchant } from '../plugins/merchant-auth';
import type { TestServer } from './server';
import { withdrawalFixtures } from './withdrawal-fixtures';

/** Whole USDT in its smallest unit (6 decimals). */
export const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

/** A company acting through a secret key, as the marketplace's functions take it. */
export const as = (company: { id: string }, livemode = false): Merchant => ({ companyId: company.id, livemode, via: { kind: 'secret-key', keyId: 'test' } });

/** The AppError a call refuses with; anything else, or no refusal, fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * What the marketplace's trade tests share, over the withdrawal tests' companies and money: a vendor (approved unless
 * `approved` is false) with 1,000 USDT and a saved naira account, selling 100 USDT for naira at ₦1,650.00 a USDT,
 * 10 to 50 a trade, by balance and by bank transfer into that account; `offer` changes any of it.
 */
export function marketFixtures(server: () => TestServer) {
  const companies = withdrawalFixtures(server);
  async function sellingVendor(options: { approved?: boolean; offer?: Partial<OfferInput> } = {}) {
    const vendor = await companies.newCompany({ approved: options.approved });
    const account = await companies.addMethod(vendor, { kind: 'ng_bank_account' });
    await companies.fund(vendor, 'USDT', USDT(1000));
    const offer = await createOffer(server().app.ctx, as(vendor), {
      side: 'sell',
      asset: 'USDT',
      fiat: 'NGN',
      price: 165_000n,
      total: USDT(100),
      minTrade: USDT(10),
      maxTrade: USDT(50),
      methods: [{ method: 'fipay_balance' }, { method: 'ng_bank_transfer', paymentMethodId: account }],
      ...options.offer,
    });
    return { vendor, offer, account };
  }
  return { ...companies, sellingVendor };
}
