import { z } from 'zod';
import { documented, emailField, serverChecks, text } from './fields';
import { envelope } from './envelope';

/**
 * FiPay tags (docs/decisions/0068-fipay-tags.md): the name another business sends to, shown as `@acme`. People type
 * it in any case and with or without the `@`; it is compared and stored in lowercase, without the `@`.
 */

export const TAG_MIN_LENGTH = 3;
export const TAG_MAX_LENGTH = 20;
/** The stored form: a lowercase letter, then 2 to 19 lowercase letters, digits or underscores. */
export const TAG_PATTERN = /^[a-z][a-z0-9_]{2,19}$/;
/** What a person may type: the same in any case, with an optional `@` in front. */
export const TAG_INPUT_PATTERN = /^@?[A-Za-z][A-Za-z0-9_]{2,19}$/;

/** A company may change its tag once in this many days, unless configured otherwise (TAG_CHANGE_INTERVAL_DAYS). */
export const DEFAULT_TAG_CHANGE_INTERVAL_DAYS = 30;
/** A tag a company gave up is held this many days before another company may claim it (TAG_RELEASE_HOLD_DAYS). */
export const DEFAULT_TAG_RELEASE_HOLD_DAYS = 90;

/**
 * Tags nobody may claim: words that would pass for the platform or its staff, and the product's own route names, so
 * that a share link or a receipt can never read as one of our pages.
 */
export const reservedTags: ReadonlySet<string> = new Set([
  // The platform, its staff and its partners.
  'admin', 'administrator', 'support', 'help', 'helpdesk', 'fipay', 'fipay_business', 'fipayhq', 'fipay_support', 'paystack',
  'security', 'root', 'system', 'api', 'staff', 'team', 'official', 'compliance', 'kyc', 'kyb', 'aml', 'fraud', 'abuse',
  'billing', 'payments', 'payment', 'payouts', 'payout', 'refunds', 'refund', 'settlement', 'settlements', 'wallet',
  'treasury', 'finance', 'account', 'accounts', 'info', 'contact', 'hello', 'noreply', 'no_reply', 'postmaster',
  'webmaster', 'hostmaster', 'mail', 'email', 'test', 'tester', 'sandbox', 'live', 'null', 'undefined', 'anonymous',
  'everyone', 'all', 'you', 'owner', 'moderator', 'mod', 'bank', 'cbn', 'nibss', 'efcc', 'usd', 'ngn', 'gbp', 'eur',
  'btc', 'eth', 'usdt', 'usdc', 'crypto', 'bitcoin', 'ethereum', 'tether',
  // The product's routes and pages.
  'login', 'logout', 'signin', 'signup', 'sign_in', 'sign_up', 'register', 'forgot_password', 'reset_password',
  'verify_email', 'approve_rep', 'thank_you', 'dashboard', 'settings', 'notifications', 'transactions', 'trades',
  'trade_history', 'trade_partners', 'partners', 'offers', 'favorites', 'favourites', 'statistics', 'badges',
  'university', 'community', 'dev', 'developer', 'developers', 'docs', 'documentation', 'payment_methods', 'checkout',
  'pay', 'links', 'keys', 'webhooks', 'events', 'rates', 'limits', 'send', 'receive', 'transfer', 'transfers',
  'marketplace', 'company', 'about', 'careers', 'blog', 'reviews', 'terms', 'privacy', 'legal', 'cookies', 'aml_policy',
  'restricted_countries', 'vip', 'learn', 'vendor', 'become_a_vendor', 'home', 'www', 'app', 'static', 'assets',
]);

export const tagMessages = {
  loaded: 'FiPay tag loaded.',
  saved: 'Your FiPay tag is saved.',
  unchanged: 'That is already your FiPay tag.',
  checked: 'Tag checked.',
  available: 'This tag is available.',
  yours: 'This is your current tag.',
  taken: 'This tag is taken. Try another.',
  required: 'Enter a tag.',
  tooShort: `A tag has at least ${TAG_MIN_LENGTH} characters.`,
  tooLong: `A tag has at most ${TAG_MAX_LENGTH} characters.`,
  startsWithLetter: 'A tag starts with a letter.',
  characters: 'Use only letters, digits and underscores.',
  reserved: 'This tag is reserved. Try another.',
  changeTooSoon: (next: string) => `You changed your FiPay tag recently. You can change it again from ${next}.`,
  recipientFound: 'Business found.',
  recipientNotFound: 'No business found. Check the tag or email and try again.',
  recipientIsYou: 'That is your own business. Enter the tag or email of the business you want to pay.',
  lookupOneOf: 'Enter a FiPay tag or an email address, not both.',
};

/** Lowercase without the `@`: the form tags are stored, compared and reserved in. */
export const normaliseTag = (typed: string) => typed.trim().replace(/^@/, '').toLowerCase();

/** `@acme`, as a tag is shown. */
export const displayTag = (tag: string) => `@${tag}`;

/** The first rule `typed` breaks, as the message a person sees, or null for a tag that may be claimed. */
export function tagProblem(typed: string): string | null {
  const tag = normaliseTag(typed);
  if (!tag) return tagMessages.required;
  if (tag.length < TAG_MIN_LENGTH) return tagMessages.tooShort;
  if (tag.length > TAG_MAX_LENGTH) return tagMessages.tooLong;
  if (!/^[a-z]/.test(tag)) return tagMessages.startsWithLetter;
  if (!TAG_PATTERN.test(tag)) return tagMessages.characters;
  if (reservedTags.has(tag)) return tagMessages.reserved;
  return null;
}

/** A tag as typed, checked and normalised: the request field of every tag route. */
export const tagField = serverChecks(
  documented(text(tagMessages.required), { pattern: TAG_INPUT_PATTERN, maxLength: TAG_MAX_LENGTH + 1 }),
  'Not one of the reserved words (admin, support, fipay, the product route names, ...).',
).transform((typed, ctx) => {
  const problem = tagProblem(typed);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return normaliseTag(typed);
});

export const setTagRequest = z.object({ tag: tagField });
export type SetTagRequest = z.input<typeof setTagRequest>;

export const tagAvailabilityQuery = z.object({ tag: tagField });

export const companyTagSchema = z.object({
  /** Lowercase, without the `@`; null until the company claims one. */
  tag: z.string().nullable(),
  /** `@acme`, or null. */
  display: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** When the tag may next be changed; null when it may be changed now. */
  nextChangeAt: z.string().nullable(),
  changeIntervalDays: z.number().int(),
  releaseHoldDays: z.number().int(),
});
export type CompanyTag = z.infer<typeof companyTagSchema>;
export const companyTagResponse = envelope(companyTagSchema);

export const tagAvailabilitySchema = z.object({
  tag: z.string(),
  display: z.string(),
  available: z.boolean(),
  /** available: anyone may claim it; yours: the caller's company holds it; taken: another company holds it, or gave it up too recently. */
  status: z.enum(['available', 'yours', 'taken']),
});
export type TagAvailability = z.infer<typeof tagAvailabilitySchema>;
export const tagAvailabilityResponse = envelope(tagAvailabilitySchema);

/** Find a business to pay: by its tag, or by the email address of one of its users; exactly one of them. */
export const recipientLookupQuery = z
  .object({
    tag: serverChecks(tagField, 'Exactly one of tag and email; not one of the reserved words.').optional(),
    email: serverChecks(emailField, 'Exactly one of tag and email.').optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.tag === undefined) === (query.email === undefined)) ctx.addIssue({ code: 'custom', path: ['tag'], message: tagMessages.lookupOneOf });
  });

export const recipientSchema = z.object({
  /** The business's name as its verification approved it. */
  name: z.string(),
  /** Its tag, lowercase without the `@`; null when it has none yet. */
  tag: z.string().nullable(),
  display: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientResponse = envelope(recipientSchema);
