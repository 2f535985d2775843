import { z } from 'zod';
import { assetCodeSchema, assetOf, type AssetCode } from './assets';
import { wholeNumber } from './developers';
import { envelope } from './envelope';
import { documented, serverChecks, text } from './fields';
import { amountMessages, formatAmount, minorUnitsOut, minorUnitsSchema } from './money';

/**
 * The wallet (docs/decisions/0072-the-wallet-page-statements-and-test-funds.md): a business's eight assets with their
 * available, held and pending amounts and their worth in USD and NGN, each asset's statement from the ledger, and, in
 * test mode, test funds. Every amount is a string of digits of the asset's smallest unit (ADR 0065).
 */

export const WALLET_STATEMENT_LIMIT_DEFAULT = 25;
export const WALLET_STATEMENT_LIMIT_MAX = 100;

/** The currencies a wallet's worth is shown in. */
export const walletValueCurrencies = ['USD', 'NGN'] as const;
export type WalletValueCurrency = (typeof walletValueCurrencies)[number];

export const walletMessages = {
  loaded: 'Wallet loaded.',
  statementLoaded: 'Statement loaded.',
  testFundsAdded: (asset: AssetCode, amount: bigint) => `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: 2 })} ${asset} of test funds added.`,
  testFundsLiveMode: 'Test funds can be added in test mode only. Switch to test mode to add them; live balances change only when real money moves.',
  testFundsOverCap: (asset: AssetCode, cap: bigint, left: bigint) =>
    left > 0n
      ? `Test funds are limited to ${formatAmount(asset, cap, { decimals: 'trim' })} ${asset} a day. You can add up to ${formatAmount(asset, left, { decimals: 'trim' })} ${asset} more today (UTC).`
      : `Test funds are limited to ${formatAmount(asset, cap, { decimals: 'trim' })} ${asset} a day, and today's are used up. You can add more after midnight UTC.`,
  cursorInvalid: 'The cursor is not one this statement gave. Start again from the first page.',
  dateInvalid: 'Use a date as YYYY-MM-DD, or a date and time in ISO 8601 with its offset (2026-11-26T09:30:00Z).',
  datesOutOfOrder: 'The start must be before the end.',
  directionInvalid: 'Choose in or out.',
  limitInvalid: `Choose a whole number from 1 to ${WALLET_STATEMENT_LIMIT_MAX}.`,
  testFundsNotice: (asset: AssetCode, amount: bigint) => ({
    title: 'Test funds added',
    message: `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: assetOf(asset).decimals > 2 ? 0 : 2 })} ${asset} of test funds were added to your test balance.`,
  }),
  testFundsCounterparty: 'FiPay test funds',
};

export const walletAssetParams = z.object({ asset: assetCodeSchema });

/** One asset's place in the wallet. */
export const walletAssetSchema = z.object({
  asset: assetCodeSchema,
  /** What can be spent or sent now. */
  available: minorUnitsOut,
  /** Set aside (holds, escrow): the business's, not spendable until released. */
  held: minorUnitsOut,
  /** On its way in (card payments before they settle). */
  pending: minorUnitsOut,
  /** available + held + pending: what the asset's worth is of. */
  total: minorUnitsOut,
  /** The total's worth in USD (cents) and NGN (kobo), rounded down; null when that rate is stale or not known yet. */
  value: z.object({ USD: minorUnitsOut.nullable(), NGN: minorUnitsOut.nullable() }),
  /** True when a rate this asset's worth needs is stale or not known: its value is then null. */
  rateStale: z.boolean(),
  /** In test mode: today's test funds of this asset (UTC day) and their cap; null in live mode. */
  testFunds: z.object({ dailyCap: minorUnitsOut, addedToday: minorUnitsOut }).nullable(),
});
export type WalletAsset = z.infer<typeof walletAssetSchema>;

export const walletSchema = z.object({
  livemode: z.boolean(),
  /** The server's time, against which the rates were judged. */
  asOf: z.string(),
  /** Every asset, in the registry's order. */
  assets: z.array(walletAssetSchema),
  /**
   * The sum of the assets' values in USD (cents) and NGN (kobo). `complete` is false when an asset that holds
   * something has no value (a stale rate): the sum then leaves it out.
   */
  total: z.object({ USD: minorUnitsOut, NGN: minorUnitsOut, complete: z.boolean() }),
});
export type Wallet = z.infer<typeof walletSchema>;
export const walletResponse = envelope(walletSchema);

// A line id: the keyset cursor of a statement (a positive bigint).
const LINE_ID = /^[1-9]\d{0,18}$/;
const cursorField = documented(
  text(walletMessages.cursorInvalid)
    .max(19, walletMessages.cursorInvalid)
    .regex(LINE_ID, walletMessages.cursorInvalid)
    .refine((value) => !LINE_ID.test(value) || BigInt(value) <= 9_223_372_036_854_775_807n, walletMessages.cursorInvalid),
  { pattern: LINE_ID },
);

// A UTC day (YYYY-MM-DD) from 2000 to 2099, or an instant with its offset.
const DAY = /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const INSTANT = /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const isRealDay = (value: string) => {
  const day = value.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};
const dateBound = documented(
  text(walletMessages.dateInvalid)
    .max(40, walletMessages.dateInvalid)
    .refine((value) => (DAY.test(value) || INSTANT.test(value)) && isRealDay(value) && !Number.isNaN(Date.parse(value)), walletMessages.dateInvalid),
  { pattern: `${DAY.source}|${INSTANT.source}` },
);

/**
 * When a bound is a day, `from` is its start and `to` its end (the whole day is in), both UTC; an instant is taken as
 * it is (`from` included, `to` excluded).
 */
export function statementRange(query: { from?: string; to?: string }): { from: Date | null; to: Date | null } {
  const from = query.from ? new Date(DAY.test(query.from) ? `${query.from}T00:00:00Z` : query.from) : null;
  const to = query.to ? new Date(DAY.test(query.to) ? Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 : Date.parse(query.to)) : null;
  return { from, to };
}

const filterFields = {
  /** Lines of entries written at or after this day (UTC) or instant. */
  from: serverChecks(dateBound, 'A day that exists in the calendar (not 2026-02-30).').optional(),
  /** Lines of entries written on or before this day (UTC), or before this instant; after `from`. */
  to: serverChecks(dateBound, 'A day that exists in the calendar (not 2026-02-30), after from when both are given.').optional(),
  /** Money in (credits to the available balance) or out. */
  direction: z.enum(['in', 'out'], { error: walletMessages.directionInvalid }).optional(),
};
const inOrder = (query: { from?: string; to?: string }) => {
  const { from, to } = statementRange(query);
  return !from || !to || from < to;
};

/** The statement's filters (the CSV export takes these). */
export const walletStatementFilters = z.object(filterFields).refine(inOrder, { message: walletMessages.datesOutOfOrder, path: ['to'] });
export type WalletStatementFilters = z.output<typeof walletStatementFilters>;

export const walletStatementQuery = z
  .object({
    ...filterFields,
    /** The previous page's `nextBefore`: lines older than that one. */
    before: cursorField.optional(),
    limit: z.coerce
      .number({ error: walletMessages.limitInvalid })
      .int(walletMessages.limitInvalid)
      .min(1, walletMessages.limitInvalid)
      .max(WALLET_STATEMENT_LIMIT_MAX, walletMessages.limitInvalid)
      .default(WALLET_STATEMENT_LIMIT_DEFAULT),
  })
  .refine(inOrder, { message: walletMessages.datesOutOfOrder, path: ['to'] });
export type WalletStatementQuery = z.output<typeof walletStatementQuery>;

/** Who is on the other side of a line, where the wallet knows: a business (by its name and FiPay tag) or FiPay itself. */
export const counterpartySchema = z.object({ name: z.string(), tag: z.string().nullable() });
export type Counterparty = z.infer<typeof counterpartySchema>;

export const walletStatementLineSchema = z.object({
  /** The ledger line's id; also the cursor of the page that ends with it. */
  id: z.string(),
  at: z.string(),
  /** The kind of movement: `test_funds`, `charge.success`, `refund`, `payout`, `transfer`, … */
  kind: z.string(),
  description: z.string(),
  counterparty: counterpartySchema.nullable(),
  /** Signed: money in positive, money out with a leading "-". */
  amount: minorUnitsOut,
  /** The available balance this line left. */
  balanceAfter: minorUnitsOut,
});
export type WalletStatementLine = z.infer<typeof walletStatementLineSchema>;

export const walletStatementSchema = z.object({
  asset: assetCodeSchema,
  lines: z.array(walletStatementLineSchema),
  /** Pass as `before` for the next (older) page; null when this is the last. */
  nextBefore: z.string().nullable(),
});
export type WalletStatement = z.infer<typeof walletStatementSchema>;
export const walletStatementResponse = envelope(walletStatementSchema);

export const addTestFundsRequest = z.strictObject({
  /** A count of the asset's smallest unit, as digits: "150000000" is 1.5 BTC. */
  amount: documented(text(amountMessages.digitsOnly), { pattern: /^[1-9]\d{0,77}$/, maxLength: 78 })
    .pipe(minorUnitsSchema)
    .refine((amount) => amount > 0n, amountMessages.zero),
});
export type AddTestFundsRequest = z.input<typeof addTestFundsRequest>;

export const testFundsSchema = z.object({
  /** The ledger entry's reference. */
  id: z.string(),
  asset: assetCodeSchema,
  amount: minorUnitsOut,
  createdAt: z.string(),
  /** Added today (UTC) to this asset, this one included, and the day's cap. */
  addedToday: minorUnitsOut,
  dailyCap: minorUnitsOut,
});
export type TestFunds = z.infer<typeof testFundsSchema>;
export const testFundsResponse = envelope(testFundsSchema);


/**
 * Top-ups (ADR 0076): the company pays its own NGN wallet through the hosted checkout. The amount is kobo, as in every
 * naira request (`amountField`: ₦100 to ₦10,000,000, a whole number of kobo, so a third decimal of naira is refused).
 */
export const TOP_UP_ASSET = 'NGN' as const;
export const topUpMessages = {
  started: 'Top-up started. Pay it on the checkout to add it to your wallet.',
  /** The web form's check of what a person typed, before any request. */
  amountRange: 'Enter an amount from ₦100 to ₦10,000,000.',
  description: (reference: string) => `Top-up ${reference}`,
};
export const topUpRequest = z.object({
  amount: z
    .number({ error: 'Enter the amount in kobo, a whole number from 10000 (₦100) to 1000000000 (₦10,000,000).' })
    .int('Enter the amount in kobo, a whole number from 10000 (₦100) to 1000000000 (₦10,000,000): naira have two decimals.')
    .min(10_000, 'The smallest top-up is ₦100 (10000 kobo).')
    .max(1_000_000_000, 'The largest top-up is ₦10,000,000 (1000000000 kobo).'),
});
export type TopUpRequest = z.input<typeof topUpRequest>;
export const topUpSchema = z.object({
  reference: z.string(),
  /** The hosted checkout (test mode) or Paystack's page (live), where the company pays the top-up. */
  authorizationUrl: z.string(),
  accessCode: z.string(),
  amount: z.number().int(),
  /** The configured fee of a payment of this amount, and what reaches the wallet once paid (kobo). */
  fee: z.number().int(),
  net: z.number().int(),
  currency: z.literal('NGN'),
});
export type TopUp = z.infer<typeof topUpSchema>;
export const topUpResponse = envelope(topUpSchema);

/**
 * The dashboard's 'Transaction Overview' from the ledger (ADR 0076): per Lagos day, what came into and went out of the
 * company's wallet in one asset (available, pending and held together), as digit strings of its smallest unit.
 */
export const OVERVIEW_DAYS_MAX = 90;
export const overviewMessages = {
  loaded: 'Overview loaded.',
  daysInvalid: `Days must be a whole number from 1 to ${OVERVIEW_DAYS_MAX}.`,
};
export const walletOverviewQuery = z.object({ days: wholeNumber(overviewMessages.daysInvalid, OVERVIEW_DAYS_MAX).default(30) });
export const walletOverviewDaySchema = z.object({
  /** A Lagos day, YYYY-MM-DD. */
  date: z.string(),
  /** Came into the wallet that day (smallest unit, digits). */
  in: minorUnitsOut,
  /** Went out of it that day (smallest unit, digits, positive). */
  out: minorUnitsOut,
  /** Ledger entries that moved money in or out that day. */
  count: z.number().int(),
});
export const walletOverviewSchema = z.object({
  asset: assetCodeSchema,
  livemode: z.boolean(),
  days: z.array(walletOverviewDaySchema),
  totals: z.object({ in: minorUnitsOut, out: minorUnitsOut }),
});
export type WalletOverview = z.infer<typeof walletOverviewSchema>;
export const walletOverviewResponse = envelope(walletOverviewSchema);
