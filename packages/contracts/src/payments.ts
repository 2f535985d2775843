import { z } from 'zod';
import { wholeNumber } from './developers';
import { envelope } from './envelope';
import { documented, emailField, isStorableText, phoneField, serverChecks, text } from './fields';
import { paginationSchema } from './notifications';

/**
 * What the platform keeps from a successful charge, in kobo: a percentage of the amount plus a flat part,
 * the flat part waived under a threshold, the whole capped. Integers throughout: the percentage is in basis
 * points and the result rounded half up to the kobo, so the same amount always gives the same fee.
 */
export const feeScheduleSchema = z.strictObject({
  /** 150 = 1.5%. */
  percentBps: z.number().int().min(0).max(10_000),
  /** Kobo added to the percentage. */
  flat: z.number().int().min(0),
  /** Below this amount (kobo) the flat part is not charged. */
  flatWaivedUnder: z.number().int().min(0),
  /** No fee is larger than this (kobo); null for no cap. */
  cap: z.number().int().min(0).nullable(),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000. */
export const defaultFeeSchedule: FeeSchedule = { percentBps: 150, flat: 10_000, flatWaivedUnder: 250_000, cap: 200_000 };


/**
 * Collecting money: payment links, transactions, the hosted checkout and balances
 * (docs/decisions/0031-collecting-payments.md). Every amount is a whole number of kobo.
 */

export const currencies = ['NGN'] as const;
export type Currency = (typeof currencies)[number];

/** ₦100, the least a customer can pay. */
export const MIN_AMOUNT = 10_000;
/** ₦10,000,000, the most one charge can be. */
export const MAX_AMOUNT = 1_000_000_000;
export const LINK_NAME_MAX = 100;
export const LINK_DESCRIPTION_MAX = 500;
export const URL_MAX = 2048;
export const LINK_PAGE_SIZE_DEFAULT = 20;
export const LINK_PAGE_SIZE_MAX = 100;
export const TRANSACTION_PAGE_SIZE_DEFAULT = 20;
export const TRANSACTION_PAGE_SIZE_MAX = 100;
/** Declined card attempts a checkout allows before the transaction fails. */
export const MAX_CARD_ATTEMPTS = 3;
/** A pending transaction not paid within this many hours is abandoned. */
export const ABANDON_AFTER_HOURS = 24;

export const transactionStatuses = ['pending', 'success', 'failed', 'abandoned'] as const;
/** What a transaction is for: a customer's payment, or the company topping up its own NGN wallet (ADR 0076). */
export const transactionPurposes = ['payment', 'top_up'] as const;
export type TransactionPurpose = (typeof transactionPurposes)[number];
export type TransactionStatus = (typeof transactionStatuses)[number];
export const channels = ['card', 'bank_transfer'] as const;
export type Channel = (typeof channels)[number];

/** `₦1,234.50` from kobo. */
export function formatNaira(kobo: number): string {
  const naira = Math.trunc(kobo / 100);
  const rest = Math.abs(kobo % 100);
  const sign = kobo < 0 ? '-' : '';
  return `${sign}₦${Math.abs(naira).toLocaleString('en-NG')}.${String(rest).padStart(2, '0')}`;
}

/** What a person types as naira ("5,000", "₦2500.50") in kobo, or null when it is not an amount. */
export function nairaToKobo(input: string): number | null {
  const cleaned = input.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What a naira amount field says when the amount is not one a customer can pay. */
export const nairaMessage = `Enter an amount from ₦${(MIN_AMOUNT / 100).toLocaleString('en-NG')} to ₦${(MAX_AMOUNT / 100).toLocaleString('en-NG')}.`;

export const paymentMessages = {
  nameRequired: 'Enter a name for the payment link.',
  nameTooLong: `A name is at most ${LINK_NAME_MAX} characters.`,
  descriptionTooLong: `A description is at most ${LINK_DESCRIPTION_MAX} characters.`,
  amountInvalid: `Enter an amount in kobo from ${MIN_AMOUNT} (₦100) to ${MAX_AMOUNT} (₦10,000,000).`,
  amountRequired: 'Enter the amount to pay.',
  phoneRequired: 'Enter your phone number.',
  customerNameRequired: 'Enter your full name.',
  customerNameTooLong: 'A name is at most 200 characters.',
  currencyInvalid: 'The currency must be NGN.',
  slugInvalid: 'A custom link is 3 to 50 lowercase letters, digits and hyphens, not starting or ending with a hyphen.',
  slugTaken: 'This custom link is taken. Choose another.',
  urlInvalid: 'Enter a full web address starting with https:// (or http://).',
  urlTooLong: `A web address is at most ${URL_MAX} characters.`,
  referenceInvalid: 'A reference is 6 to 100 letters, digits, dots, hyphens or equals signs.',
  referenceTaken: 'This reference has been used. Send a new one, or none to have one made.',
  metadataInvalid: 'Metadata is a JSON object of at most 4 KB, nested at most 10 levels deep.',
  nothingToUpdate: 'Send at least one field to change.',
  linkCreated: 'Payment link created.',
  linkUpdated: 'Payment link updated.',
  linksLoaded: 'Payment links loaded.',
  linkLoaded: 'Payment link loaded.',
  linkNotFound: 'Payment link not found.',
  payPageNotFound: 'This payment link does not exist. Check the address with the business that shared it.',
  payPageInactive: 'This payment link is no longer active. Contact the business that shared it.',
  /** What a customer is told when the business cannot take live payments, whatever the reason (docs/decisions/0045-one-live-rule-and-provider-readiness.md). */
  businessCannotTakePayments: 'This business cannot take payments right now. Please try again later.',
  webhookSignatureInvalid: 'The webhook signature is missing or wrong.',
  providerUnavailable: 'The payment provider is unavailable right now. Try again shortly.',
  confirming: 'We are confirming your payment with the bank. This page updates when it is done.',
  initialized: 'Transaction started. Send the customer to the authorization URL.',
  transactionNotFound: 'Transaction not found.',
  checkoutNotFound: 'This checkout link is not valid. Ask the business for a new payment link.',
  transactionLoaded: 'Transaction loaded.',
  transactionsLoaded: 'Transactions loaded.',
  verified: 'Verification successful.',
  checkoutLoaded: 'Checkout loaded.',
  checkoutClosed: 'This payment is no longer open.',
  alreadyPaid: 'This payment has already been made.',
  cardNumberInvalid: 'Enter a valid card number.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  cvvInvalid: 'Enter the 3-digit security code on the back of the card.',
  otpRequired: 'Enter the OTP sent to your phone.',
  otpInvalid: 'The OTP is not correct. Try again.',
  otpNotExpected: 'No OTP is expected for this payment.',
  cardDeclined: 'Your card was declined by your bank. Try another card.',
  insufficientFunds: 'Your card has insufficient funds. Try another card.',
  unknownTestCard: 'This is a test checkout: use one of the test cards shown on this page.',
  tooManyAttempts: 'This payment failed after too many declined attempts. Start again from the business\'s page.',
  paymentSuccessful: 'Payment successful.',
  otpSent: 'Enter the OTP sent to your phone to complete the payment.',
  transferAccountShown: 'Transfer the exact amount to this account. The payment completes when the transfer arrives.',
  transferNotStarted: 'Choose bank transfer first to get the account to pay into.',
  balanceLoaded: 'Balance loaded.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  cursorInvalid: 'This page link is no longer valid. Start from the first page.',
  statusInvalid: `Status must be one of: ${transactionStatuses.join(', ')}.`,
  channelInvalid: `Channel must be one of: ${channels.join(', ')}.`,
  pageInvalid: 'Page must be a whole number from 1 to 10000.',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${TRANSACTION_PAGE_SIZE_MAX}.`,
} as const;

export const amountField = z
  .number({ error: paymentMessages.amountInvalid })
  .int(paymentMessages.amountInvalid)
  .min(MIN_AMOUNT, paymentMessages.amountInvalid)
  .max(MAX_AMOUNT, paymentMessages.amountInvalid);

const currencyField = z.enum(currencies, { error: paymentMessages.currencyInvalid });

/** A web address as the document shows it: http(s), a host, then anything (the server parses it as a browser does). */
export const WEB_URL_PATTERN = /^https?:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:[1-9][0-9]{0,3})?([/?#]\S*)?$/;

/** Whether `value` is a URL a browser opens: http(s) with a host. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const webUrlField = documented(
  text(paymentMessages.urlInvalid).trim().max(URL_MAX, paymentMessages.urlTooLong).refine(isWebUrl, paymentMessages.urlInvalid),
  { format: 'uri', pattern: WEB_URL_PATTERN },
);

export const SLUG = /^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/;
const slugField = serverChecks(text(paymentMessages.slugInvalid).trim().toLowerCase().regex(SLUG, paymentMessages.slugInvalid), 'Not taken by another payment link.');

const linkName = text(paymentMessages.nameRequired).trim().min(1, paymentMessages.nameRequired).max(LINK_NAME_MAX, paymentMessages.nameTooLong);
const linkDescription = text().trim().max(LINK_DESCRIPTION_MAX, paymentMessages.descriptionTooLong);

export const paymentLinkSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  name: z.string(),
  description: z.string(),
  /** Null: the customer enters the amount (at least ₦100). */
  amount: z.number().int().nullable(),
  currency: z.enum(currencies),
  slug: z.string(),
  /** The public page customers pay on. */
  url: z.string(),
  redirectUrl: z.string().nullable(),
  collectPhone: z.boolean(),
  active: z.boolean(),
  paidCount: z.number().int(),
  paidTotal: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const createPaymentLinkRequest = z.object({
  name: linkName,
  description: linkDescription.optional().default(''),
  amount: amountField.nullable().optional().default(null),
  currency: currencyField.optional().default('NGN'),
  slug: slugField.optional(),
  redirectUrl: webUrlField.nullable().optional().default(null),
  collectPhone: z.boolean().optional().default(false),
});
export type CreatePaymentLinkRequest = z.input<typeof createPaymentLinkRequest>;

export const updatePaymentLinkRequest = z
  .object({
    name: linkName.optional(),
    description: linkDescription.optional(),
    amount: amountField.nullable().optional(),
    redirectUrl: webUrlField.nullable().optional(),
    collectPhone: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: paymentMessages.nothingToUpdate })
  .meta({ minProperties: 1 });
export type UpdatePaymentLinkRequest = z.input<typeof updatePaymentLinkRequest>;

export const paymentLinkIdParams = z.object({ id: text(paymentMessages.linkNotFound) });
export const paymentLinkResponse = envelope(paymentLinkSchema);
export const paymentLinkListQuery = z.object({
  search: text().trim().max(100).optional(),
  page: wholeNumber(paymentMessages.pageInvalid, 10_000).default(1),
  pageSize: wholeNumber(paymentMessages.pageSizeInvalid, LINK_PAGE_SIZE_MAX).default(LINK_PAGE_SIZE_DEFAULT),
});
export type PaymentLinkListQuery = z.output<typeof paymentLinkListQuery>;
export const paymentLinkListResponse = envelope(z.object({ links: z.array(paymentLinkSchema), pagination: paginationSchema }));

/** What the public page `/pay/{slug}` shows. */
export const payPageSchema = z.object({
  slug: z.string(),
  livemode: z.boolean(),
  active: z.boolean(),
  name: z.string(),
  description: z.string(),
  amount: z.number().int().nullable(),
  currency: z.enum(currencies),
  collectPhone: z.boolean(),
  business: z.object({ name: z.string(), verified: z.boolean() }),
  /** Whether the business can take this link's payments now (a live link: approved, and live payments working). */
  acceptingPayments: z.boolean(),
});
export type PayPage = z.infer<typeof payPageSchema>;
export const slugParams = z.object({ slug: text(paymentMessages.payPageNotFound).max(60, paymentMessages.payPageNotFound) });
export const payPageResponse = envelope(payPageSchema);

const customerName = text(paymentMessages.customerNameRequired)
  .trim()
  .min(1, paymentMessages.customerNameRequired)
  .max(200, paymentMessages.customerNameTooLong);
export const payLinkRequest = z.object({
  email: emailField,
  name: customerName,
  phone: serverChecks(phoneField, 'Required when the payment link collects phone numbers.').optional(),
  /** Only for a link without a fixed amount. */
  amount: serverChecks(amountField, 'Required when the payment link has no fixed amount; ignored otherwise.').optional(),
});
export type PayLinkRequest = z.input<typeof payLinkRequest>;

export const initializedSchema = z.object({
  reference: z.string(),
  /** Where the customer pays: our hosted checkout (test mode) or Paystack's page (live), keyed by the access code. */
  authorizationUrl: z.string(),
  /** The checkout's unguessable key (160 random bits): the public checkout and receipt are found by it, never by the reference. */
  accessCode: z.string(),
});
export const initializedResponse = envelope(initializedSchema);

/**
 * A new reference: Paystack's documented alphabet for one ("Only -, ., = and alphanumeric characters allowed",
 * PaystackOSS/openapi dist/paystack.yaml, POST /transaction/initialize `reference`), so that the same reference
 * works in test and in live mode.
 */
const referenceField = serverChecks(
  text(paymentMessages.referenceInvalid).regex(/^[A-Za-z0-9.=-]{6,100}$/, paymentMessages.referenceInvalid),
  'Not used before by this business in this mode.',
);
/** A reference already stored: also the underscores that references made before the rule above may carry. */
const storedReferenceField = text(paymentMessages.referenceInvalid).regex(/^[A-Za-z0-9._=-]{6,100}$/, paymentMessages.referenceInvalid);
const METADATA_MAX_DEPTH = 10;

/** Whether `value` nests objects or arrays deeper than `limit`, walked without recursion (a deep body cannot overflow the stack). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (stack.length) {
    const { item, depth } = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push({ item: child, depth: depth + 1 });
  }
  return false;
}

/** At most 10 levels deep, every key and string in it storable (no NUL, no lone surrogate), at most 4 KB as JSON. */
function isStorableJson(value: Record<string, unknown>): boolean {
  if (nestsDeeperThan(value, METADATA_MAX_DEPTH)) return false;
  let storable = true;
  const json = JSON.stringify(value, (key: string, item: unknown) => {
    if (!isStorableText(key) || (typeof item === 'string' && !isStorableText(item))) storable = false;
    return item;
  });
  return storable && json.length <= 4096;
}
const metadataField = z
  .record(z.string(), z.unknown(), { error: paymentMessages.metadataInvalid })
  .refine(isStorableJson, paymentMessages.metadataInvalid)
  .describe('A JSON object of at most 4 KB as JSON, nested at most 10 levels deep, without NUL or unpaired surrogates in its keys and strings.');

export const initializeTransactionRequest = z.object({
  amount: amountField,
  email: emailField,
  currency: currencyField.optional().default('NGN'),
  reference: referenceField.optional(),
  callbackUrl: webUrlField.optional(),
  metadata: metadataField.optional().default({}),
});
export type InitializeTransactionRequest = z.input<typeof initializeTransactionRequest>;

export const timelineEntrySchema = z.object({ type: z.string(), message: z.string(), at: z.string() });
export const transactionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  livemode: z.boolean(),
  amount: z.number().int(),
  /** Null until the charge succeeds. */
  fee: z.number().int().nullable(),
  net: z.number().int().nullable(),
  currency: z.enum(currencies),
  status: z.enum(transactionStatuses),
  /** `top_up`: the company paying its own wallet through the checkout (ADR 0076); `payment`: a customer's. */
  purpose: z.enum(transactionPurposes),
  channel: z.enum(channels).nullable(),
  customer: z.object({ email: z.string(), name: z.string(), phone: z.string().nullable() }),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  paymentLinkId: z.string().nullable(),
  /** What refunds have taken from it (failed refunds give theirs back). */
  refundedAmount: z.number().int(),
  /** When the net is (or was) added to the available balance; null until paid. */
  availableAt: z.string().nullable(),
  /** The payout that paid its net out; null until one did. */
  payoutId: z.string().nullable(),
  /** Deprecated: the same as payoutId, kept until 31 May 2027 (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md). */
  settlementId: z.string().nullable().meta({ deprecated: true }),
  gatewayResponse: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

// A real day from 2000 to 2099: the database cannot take year 0, and no payment here is older than 2000.
const dateField = documented(
  text(paymentMessages.dateInvalid)
    .regex(/^20\d{2}-\d{2}-\d{2}$/, paymentMessages.dateInvalid)
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    }, paymentMessages.dateInvalid),
  { format: 'date', pattern: /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/ },
);

export const transactionFilters = z.object({
  status: z.enum(transactionStatuses, { error: paymentMessages.statusInvalid }).optional(),
  channel: z.enum(channels, { error: paymentMessages.channelInvalid }).optional(),
  /** Customers' payments or the company's own top-ups (ADR 0076); both when absent. */
  purpose: z.enum(transactionPurposes, { error: 'Choose payment or top_up.' }).optional(),
  paymentLinkId: text(paymentMessages.linkNotFound).optional(),
  /** Created on or after this day (Africa/Lagos). */
  from: dateField.optional(),
  /** Created on or before this day (Africa/Lagos). */
  to: dateField.optional(),
  /** A reference or a customer's email, whole. */
  search: text().trim().max(254).optional(),
});
export type TransactionFilters = z.output<typeof transactionFilters>;
export const transactionListQuery = transactionFilters.extend({
  /** The `nextCursor` of the previous page; none for the first page. */
  cursor: text(paymentMessages.cursorInvalid).max(200, paymentMessages.cursorInvalid).check(z.uuid(paymentMessages.cursorInvalid)).optional(),
  pageSize: wholeNumber(paymentMessages.pageSizeInvalid, TRANSACTION_PAGE_SIZE_MAX).default(TRANSACTION_PAGE_SIZE_DEFAULT),
});
export type TransactionListQuery = z.output<typeof transactionListQuery>;
export const transactionListResponse = envelope(z.object({ transactions: z.array(transactionSchema), nextCursor: z.string().nullable() }));
export const referenceParams = z.object({ reference: text(paymentMessages.transactionNotFound).max(100, paymentMessages.transactionNotFound) });
/** A public checkout's address: its access code (`ck-` and 40 hex characters), never the merchant's reference. */
export const checkoutParams = z.object({ code: text(paymentMessages.checkoutNotFound).max(100, paymentMessages.checkoutNotFound) });

/** What the hosted checkout `/checkout/{reference}` shows. */
export const checkoutSchema = z.object({
  reference: z.string(),
  /** sandbox: paid on this page (test mode); paystack: paid on Paystack's page, this page confirms it. */
  provider: z.enum(['sandbox', 'paystack']),
  livemode: z.boolean(),
  status: z.enum(transactionStatuses),
  amount: z.number().int(),
  currency: z.enum(currencies),
  /** The customer's address, masked (`ad...@customer.ng`): a checkout is public to whoever has its access code. */
  email: z.string(),
  business: z.object({ name: z.string() }),
  /** The card step waiting for an OTP, or the bank transfer account shown. */
  step: z.enum(['otp', 'bank_transfer']).nullable(),
  bankTransfer: z
    .object({
      bankName: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      /** Until when the account takes this payment (ISO 8601): the payment is closed ABANDON_AFTER_HOURS after it started. */
      expiresAt: z.string(),
    })
    .nullable(),
  /** The payment link the payment was started from, whose page can start another; null for one the merchant started. */
  paymentLink: z.object({ slug: z.string() }).nullable(),
  attemptsLeft: z.number().int(),
  /**
   * Where the customer goes once the payment is final: the merchant's callback or link redirect with the reference,
   * else this receipt. Until then this checkout's own address: the merchant's address is not shown before it is needed.
   */
  returnUrl: z.string(),
  paidAt: z.string().nullable(),
  channel: z.enum(channels).nullable(),
  gatewayResponse: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;
export const checkoutResponse = envelope(checkoutSchema);

/** 12 to 19 digits, spaces allowed; the Luhn check is the server's (the message is the same). */
export const cardRequest = z.object({
  number: serverChecks(
    documented(
      text(paymentMessages.cardNumberInvalid).transform((value) => value.replace(/[\s-]/g, '')),
      { pattern: /^[\s-]*(\d[\s-]*){12,19}$/ },
    ),
    'Passes the Luhn check.',
  ).pipe(z.string().regex(/^\d{12,19}$/, paymentMessages.cardNumberInvalid)),
  expiry: serverChecks(text(paymentMessages.expiryInvalid).trim().regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, paymentMessages.expiryInvalid), 'Not in the past.'),
  cvv: text(paymentMessages.cvvInvalid).trim().regex(/^\d{3}$/, paymentMessages.cvvInvalid),
});
export type CardRequest = z.input<typeof cardRequest>;
export const otpRequest = z.object({ otp: text(paymentMessages.otpRequired).trim().regex(/^\d{4,8}$/, paymentMessages.otpInvalid) });

export const balanceSchema = z.object({
  currency: z.enum(currencies),
  available: z.number().int(),
  pending: z.number().int(),
  /** Payouts written and not yet confirmed by the bank: no longer available, not yet paid out. */
  payoutsInTransit: z.number().int(),
  /** Successful charges, all time, gross. */
  received: z.number().int(),
  /** Refunds processed and payouts paid, all time. */
  refunded: z.number().int(),
  paidOut: z.number().int(),
});
export type BalanceAmount = z.infer<typeof balanceSchema>;
export const balanceResponse = envelope(z.object({ balances: z.array(balanceSchema) }));

export const DAILY_DAYS_MAX = 90;
export const dailyTotalsQuery = z.object({ days: wholeNumber(`Days must be a whole number from 1 to ${DAILY_DAYS_MAX}.`, DAILY_DAYS_MAX).default(30) });
/** Successful charges per Lagos day, oldest first, every day present (zero when none). */
export const dailyTotalsResponse = envelope(
  z.object({ currency: z.enum(currencies), days: z.array(z.object({ date: z.string(), amount: z.number().int(), count: z.number().int() })) }),
);

/** The sandbox acquirer's documented test cards (any future expiry, any 3-digit CVV). */
export const testCards = [
  { number: '4084084084084081', outcome: 'success', description: 'Payment succeeds.' },
  { number: '4000000000003220', outcome: 'otp', description: 'Asks for an OTP: 123456 succeeds.' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined by the bank.' },
  { number: '4000000000009995', outcome: 'insufficient_funds', description: 'Declined: insufficient funds.' },
] as const;
export const SANDBOX_OTP = '123456';

export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export const payoutStatuses = ['pending', 'paid', 'failed'] as const;
export const REFUND_REASON_MAX = 200;

export const refundMessages = {
  created: 'Refund processed.',
  pending: 'Refund started.',
  loaded: 'Refunds loaded.',
  notRefundable: 'Only a successful payment can be refunded.',
  nothingLeft: 'This payment has been refunded in full.',
  tooMuch: 'A refund cannot be more than what is left to refund on this payment.',
  balanceShort: 'Your balance not yet paid out (available and pending) is not enough for this refund. Wait for more payments, then try again.',
  reasonTooLong: `A reason is at most ${REFUND_REASON_MAX} characters.`,
  providerRefused: 'The payment provider refused this refund. The amount is back in your available balance.',
} as const;

export const payoutMessages = {
  loaded: 'Payouts loaded.',
  payoutLoaded: 'Payout loaded.',
  notFound: 'Payout not found.',
  paidOut: 'Payout made.',
  nothingToPay: 'There is no available balance to pay out.',
  noBankAccount: 'Add your settlement bank account in your business verification first.',
  onHold: 'Payouts are on hold for your business.',
  testOnly: 'Paying out on demand is for test mode; live payouts run on their daily schedule.',
} as const;

export const refundSchema = z.object({
  id: z.string(),
  transactionReference: z.string(),
  livemode: z.boolean(),
  amount: z.number().int(),
  currency: z.enum(currencies),
  status: z.enum(refundStatuses),
  reason: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const transactionDetailSchema = transactionSchema.extend({
  timeline: z.array(timelineEntrySchema),
  refunds: z.array(refundSchema),
  /** The most a refund of this payment may be now, in kobo: what is left on it, within the balance not yet paid out (available and pending). */
  refundable: z.number().int().nonnegative(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
export const transactionResponse = envelope(transactionDetailSchema);

export const createRefundRequest = z.object({
  reference: storedReferenceField,
  /** Kobo; the whole amount left to refund when not given. */
  amount: serverChecks(
    z.number({ error: 'Enter the amount to refund in kobo.' }).int('Enter the amount to refund in kobo.').min(1, 'Enter the amount to refund in kobo.').max(MAX_AMOUNT, 'Enter the amount to refund in kobo.'),
    'At most what is left to refund on the payment.',
  ).optional(),
  reason: text().trim().max(REFUND_REASON_MAX, refundMessages.reasonTooLong).optional().default(''),
});
export type CreateRefundRequest = z.input<typeof createRefundRequest>;
export const refundResponse = envelope(refundSchema);

export const payoutSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  amount: z.number().int(),
  currency: z.enum(currencies),
  status: z.enum(payoutStatuses),
  bankAccount: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  transactionCount: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutHoldSchema = z.object({ reason: z.string(), since: z.string() }).nullable();
export const payoutListQuery = z.object({
  page: wholeNumber(paymentMessages.pageInvalid, 10_000).default(1),
  pageSize: wholeNumber(paymentMessages.pageSizeInvalid, 100).default(20),
});
export const payoutListResponse = envelope(z.object({ payouts: z.array(payoutSchema), pagination: paginationSchema, hold: payoutHoldSchema }));
/** Deprecated: GET /settlements answers its payouts under `settlements`, until 31 May 2027 (ADR 0055). */
export const legacySettlementListResponse = envelope(z.object({ settlements: z.array(payoutSchema), pagination: paginationSchema, hold: payoutHoldSchema }));
export const payoutIdParams = z.object({ id: text(payoutMessages.notFound) });
/** What makes up a payout, line by line; the lines' amounts add up to exactly what was paid out. */
export const payoutLineTypes = ['payment', 'refund', 'refund_returned', 'payout_returned', 'adjustment', 'brought_forward'] as const;
export type PayoutLineType = (typeof payoutLineTypes)[number];
export const payoutLineSchema = z.object({
  type: z.enum(payoutLineTypes),
  description: z.string(),
  /** The payment's reference for a payment or a refund; null otherwise. */
  reference: z.string().nullable(),
  /** What the line adds to the payout, in kobo: a payment's net, a refund as a negative amount. */
  amount: z.number().int(),
  /** A payment's amount and the fee kept from it, in kobo; null for other lines. */
  gross: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  at: z.string(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;
export const payoutDetailResponse = envelope(payoutSchema.extend({ transactions: z.array(transactionSchema), lines: z.array(payoutLineSchema) }));
export const payoutResponse = envelope(payoutSchema);
