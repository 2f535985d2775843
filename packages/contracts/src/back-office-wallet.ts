import { z } from 'zod';
import { assetCodeSchema, assetCodes } from './assets';
import { envelope } from './envelope';
import { text, uuid } from './fields';
import { minorUnitsOut } from './money';
import { paymentMethodSchema } from './payment-methods';

/**
 * The back office's view of a company's wallet, its freezes, and the payment methods waiting for a name review
 * (docs/decisions/0074-frozen-wallets.md). Amounts are digit strings of the asset's smallest unit (ADR 0065).
 */

export const WALLET_FREEZE_REASON_MAX = 1000;
export const WALLET_STATEMENT_PAGE_DEFAULT = 25;
export const WALLET_STATEMENT_PAGE_MAX = 100;
export const PAYMENT_METHOD_REVIEW_PAGE_DEFAULT = 25;
export const PAYMENT_METHOD_REVIEW_PAGE_MAX = 100;
export const PAYMENT_METHOD_REJECTION_MAX = 1000;

export const walletModes = ['live', 'test'] as const;
export type WalletMode = (typeof walletModes)[number];

export const walletAdminMessages = {
  loaded: 'Wallet loaded.',
  statementLoaded: 'Statement loaded.',
  frozen: 'Wallet frozen. Nothing can leave it until it is unfrozen; deposits still credit.',
  unfrozen: 'Wallet unfrozen.',
  alreadyFrozen: 'This wallet is already frozen in this mode.',
  notFrozen: 'This wallet is not frozen in this mode.',
  reasonRequired: 'Give the reason.',
  reasonTooLong: `A reason is at most ${WALLET_FREEZE_REASON_MAX} characters.`,
  modeInvalid: 'Choose live or test.',
  companyNotFound: 'Company not found.',
  /** What a company's money path answers when the database refuses a debit of a frozen wallet. */
  walletFrozen: 'This wallet is frozen. Contact support.',
} as const;

export const paymentMethodReviewMessages = {
  loaded: 'Payment methods waiting for review loaded.',
  rejected: 'Payment method rejected and removed; the business was told why.',
  reasonRequired: 'Give the reason the business will see.',
  reasonTooLong: `A reason is at most ${PAYMENT_METHOD_REJECTION_MAX} characters.`,
} as const;

const reason = (messages: { reasonRequired: string; reasonTooLong: string }, max: number) =>
  text(messages.reasonRequired).trim().min(1, messages.reasonRequired).max(max, messages.reasonTooLong);

export const walletModeSchema = z.enum(walletModes, { error: walletAdminMessages.modeInvalid });

export const walletFreezeRequest = z.object({ mode: walletModeSchema, reason: reason(walletAdminMessages, WALLET_FREEZE_REASON_MAX) });
export const walletUnfreezeRequest = walletFreezeRequest;

export const walletFreezeSchema = z.object({
  reason: z.string(),
  since: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
});
export type WalletFreeze = z.infer<typeof walletFreezeSchema>;

export const walletAssetBalanceSchema = z.object({
  asset: z.enum(assetCodes),
  available: minorUnitsOut,
  held: minorUnitsOut,
  pending: minorUnitsOut,
  inTransit: minorUnitsOut,
});
export type WalletAssetBalance = z.infer<typeof walletAssetBalanceSchema>;

export const walletModeViewSchema = z.object({
  mode: z.enum(walletModes),
  /** The freeze in force in this mode, or null. */
  freeze: walletFreezeSchema.nullable(),
  /** Every asset the company has an account in, in the registry's order. */
  balances: z.array(walletAssetBalanceSchema),
});
export type WalletModeView = z.infer<typeof walletModeViewSchema>;

export const adminWalletSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  modes: z.array(walletModeViewSchema),
});
export type AdminWallet = z.infer<typeof adminWalletSchema>;
export const adminWalletResponse = envelope(adminWalletSchema);
export const walletFreezeResponse = envelope(z.object({ mode: z.enum(walletModes), freeze: walletFreezeSchema.nullable() }));

export const walletStatementAccounts = ['available', 'held', 'pending', 'payouts_in_transit'] as const;
export const walletStatementQuery = z.object({
  mode: walletModeSchema.default('live'),
  asset: assetCodeSchema.default('NGN'),
  account: z.enum(walletStatementAccounts).default('available'),
  /** The previous page's `nextBefore`: lines older than it. */
  before: text().regex(/^[1-9]\d{0,17}$/, 'Use the nextBefore of the previous page.').optional(),
  limit: z.coerce.number().int().min(1).max(WALLET_STATEMENT_PAGE_MAX).default(WALLET_STATEMENT_PAGE_DEFAULT),
});
export type WalletStatementQuery = z.input<typeof walletStatementQuery>;

export const walletStatementLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  reference: z.string(),
  description: z.string(),
  direction: z.enum(['in', 'out']),
  /** The amount moved, without a sign (see direction). */
  amount: minorUnitsOut,
  balanceAfter: minorUnitsOut,
});
export type WalletStatementLine = z.infer<typeof walletStatementLineSchema>;
export const walletStatementResponse = envelope(
  z.object({
    lines: z.array(walletStatementLineSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextBefore: z.string().nullable(),
  }),
);

export const paymentMethodReviewQuery = z.object({
  /** The previous page's `nextBefore`: methods added before it. */
  before: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(PAYMENT_METHOD_REVIEW_PAGE_MAX).default(PAYMENT_METHOD_REVIEW_PAGE_DEFAULT),
});
export const paymentMethodReviewItemSchema = paymentMethodSchema.extend({
  company: z.object({ id: z.string(), name: z.string() }),
});
export type PaymentMethodReviewItem = z.infer<typeof paymentMethodReviewItemSchema>;
export const paymentMethodReviewListResponse = envelope(
  z.object({
    paymentMethods: z.array(paymentMethodReviewItemSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextBefore: z.string().nullable(),
  }),
);
export const paymentMethodRejectRequest = z.object({ reason: reason(paymentMethodReviewMessages, PAYMENT_METHOD_REJECTION_MAX) });
export const companyWalletParams = z.object({ companyId: uuid });
