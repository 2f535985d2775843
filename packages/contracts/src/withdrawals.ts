import { z } from 'zod';
import { assetCodeSchema, type AssetCode } from './assets';
import { envelope } from './envelope';
import { serverChecks, text } from './fields';
import { minorUnitsOut, minorUnitsSchema } from './money';

/**
 * Withdrawals (docs/decisions/0075-withdrawals.md): money sent out of the wallet to one of the business's saved
 * payment methods, or, for naira, to its verified settlement bank account. Naira goes through the payouts' transfer
 * provider (Paystack live, the sandbox in test mode); USD, GBP and EUR through a foreign payout provider (a sandbox
 * until one is set up). Amounts are digit strings of the asset's smallest unit (ADR 0065).
 */

/** The assets that can be withdrawn to a bank account; crypto assets cannot yet. */
export const withdrawableAssets = ['NGN', 'USD', 'GBP', 'EUR'] as const satisfies readonly AssetCode[];
export type WithdrawableAsset = (typeof withdrawableAssets)[number];
export const isWithdrawable = (asset: AssetCode): asset is WithdrawableAsset => (withdrawableAssets as readonly string[]).includes(asset);

export const WITHDRAWAL_PAGE_SIZE_DEFAULT = 20;
export const WITHDRAWAL_PAGE_SIZE_MAX = 100;
/** What `to` is for the verified settlement bank account (naira only). */
export const SETTLEMENT_ACCOUNT = 'settlement_account';

export const withdrawalMessages = {
  previewed: 'Check the withdrawal before you send it.',
  created: 'Withdrawal on its way.',
  loaded: 'Withdrawals loaded.',
  found: 'Withdrawal loaded.',
  notFound: 'No withdrawal has that id.',
  keyRequired: 'Send an Idempotency-Key header with each withdrawal, so a retry cannot send it twice.',
  amountZero: 'The amount must be more than zero.',
  cryptoNotYet: (asset: AssetCode) => `${asset} cannot be sent to a bank account. Sending crypto outside FiPay is not available yet.`,
  methodNotFound: 'No saved payment method has that id.',
  methodCoolingOff: (from: string) => `This payment method was added recently; it can receive money from ${from}.`,
  methodNeedsReview: 'The account holder name of this payment method is being reviewed; it cannot receive money until then.',
  methodCurrency: (method: string, asset: AssetCode) => `This payment method receives ${method}, not ${asset}.`,
  noSettlementAccount: 'Your business has no verified settlement bank account.',
  settlementNairaOnly: 'Only naira can be sent to your settlement bank account.',
  balanceShort: (asset: AssetCode) => `Your available ${asset} balance is not enough for this withdrawal.`,
  liveNeedsApproval: 'Live withdrawals open once your business verification is approved.',
  liveProviderMissing: (asset: AssetCode) => `Live ${asset} withdrawals are not available yet.`,
  frozen: 'This wallet is frozen, so nothing can leave it. Contact support.',
  frozenBeforeSending: 'The wallet was frozen before the withdrawal was sent; the money is back in your available balance.',
  codeRequired: 'Enter the 6-digit code from your authenticator app to send this much.',
  emailCodeRequired: 'Enter the 6-digit code we emailed you to send this much.',
  cursorInvalid: 'That page cursor is not valid.',
};

const codeField = text().trim().regex(/^[0-9A-Za-z-]{6,20}$/, 'Enter the 6-digit code.');

export const withdrawalPreviewRequest = z.strictObject({
  asset: assetCodeSchema,
  amount: serverChecks(minorUnitsSchema, 'More than zero.').refine((amount) => amount > 0n, withdrawalMessages.amountZero),
  /** A saved payment method's id, or `settlement_account` for the verified settlement bank account (naira). */
  to: text().trim().min(1, withdrawalMessages.methodNotFound).max(100, withdrawalMessages.methodNotFound),
});
export type WithdrawalPreviewRequest = z.input<typeof withdrawalPreviewRequest>;

export const createWithdrawalRequest = withdrawalPreviewRequest.extend({
  /** The second factor's code, when the preview said one is needed. */
  code: codeField.optional(),
});
export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequest>;

export const withdrawalDestinationSchema = z.object({
  kind: z.enum(['settlement_account', 'ng_bank_account', 'iban', 'gb_account', 'us_account']),
  /** The saved payment method's id; null for the settlement bank account. */
  paymentMethodId: z.string().nullable(),
  accountName: z.string(),
  bankName: z.string().nullable(),
  /** Masked: the last four characters only. */
  accountNumber: z.string(),
});

const WITHDRAWAL_FEE_TEXT =
  "The withdrawal fee, a flat amount per currency set by the platform (none unless configured), in the smallest unit: taken from the available balance with the amount, and returned with it if the withdrawal fails. It is not sent to the bank.";

export const withdrawalPreviewSchema = z.object({
  asset: assetCodeSchema,
  amount: minorUnitsOut,
  /** The withdrawal fee of this currency (WITHDRAWAL_FEES; none unless configured), in its smallest unit. */
  fee: minorUnitsOut.describe(WITHDRAWAL_FEE_TEXT),
  /** What leaves the wallet: the amount and the fee. */
  total: minorUnitsOut.describe('What leaves the available balance: amount + fee, in the smallest unit.'),
  usdCents: minorUnitsOut,
  destination: withdrawalDestinationSchema,
  /** What is left of today's Send limit, in US cents, before this withdrawal. */
  sendLimitLeftCents: minorUnitsOut,
  codeRequired: z.enum(['authenticator', 'email']).nullable(),
});
export type WithdrawalPreview = z.infer<typeof withdrawalPreviewSchema>;
export const withdrawalPreviewResponse = envelope(withdrawalPreviewSchema);

export const withdrawalSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  asset: assetCodeSchema,
  amount: minorUnitsOut.describe('What the bank account receives, in the smallest unit.'),
  fee: minorUnitsOut.describe(WITHDRAWAL_FEE_TEXT),
  usdCents: minorUnitsOut,
  destination: withdrawalDestinationSchema,
  status: z.enum(['pending', 'paid', 'failed']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponse = envelope(withdrawalSchema);

export const withdrawalListQuery = z.object({
  asset: assetCodeSchema.optional(),
  status: z.enum(['pending', 'paid', 'failed']).optional(),
  before: text().regex(/^[1-9][0-9]{0,17}$/, withdrawalMessages.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(WITHDRAWAL_PAGE_SIZE_MAX).default(WITHDRAWAL_PAGE_SIZE_DEFAULT),
});
export type WithdrawalListQuery = z.output<typeof withdrawalListQuery>;

export const withdrawalListSchema = z.object({
  withdrawals: z.array(withdrawalSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});
export const withdrawalListResponse = envelope(withdrawalListSchema);

export const withdrawalIdParams = z.strictObject({ id: text().max(100, withdrawalMessages.notFound) });
