import { z } from 'zod';
import { envelope } from './envelope';
import { documented, requiredText, serverChecks, text, uuid } from './fields';
import { amountMessages, formatAmount, minorUnitsOut, tryParseAmount } from './money';
import { paginationSchema } from './notifications';

/**
 * Daily limits ('Your Crypto Limits', docs/decisions/0070-daily-limits-and-limit-requests.md): how much USD value a
 * business may buy or sell, and send, per UTC day, by tier. Amounts are whole US cents (bigint in code, digit
 * strings on the wire).
 */

/** What a limit counts: buying and selling on the marketplace ('trade'), and sending out of the wallet ('send'). */
export const limitKinds = ['trade', 'send'] as const;
export type LimitKind = (typeof limitKinds)[number];
export const limitKindLabels: Record<LimitKind, string> = { trade: 'Buy/Sell', send: 'Send' };

/** The configured tiers; a company's tier is derived (see tierOf in apps/api/src/modules/limits). */
export const configuredTiers = ['unapproved', 'approved', 'tier_2', 'tier_3'] as const;
export type ConfiguredTier = (typeof configuredTiers)[number];
/** The tiers a reviewer may grant; `custom` is a grant of figures of the reviewer's own. */
export const grantableTiers = ['tier_2', 'tier_3'] as const;
export type GrantableTier = (typeof grantableTiers)[number];
export const limitTiers = [...configuredTiers, 'custom'] as const;
export type LimitTier = (typeof limitTiers)[number];
export const limitTierLabels: Record<LimitTier, string> = {
  unapproved: 'Before approval (test mode)',
  approved: 'Approved',
  tier_2: 'Tier 2',
  tier_3: 'Tier 3',
  custom: 'Custom',
};

export type TierLimits = Record<LimitKind, bigint>;

const usd = (dollars: bigint) => dollars * 100n;
/** SPEC.md's '1000 USD left' for an approved business; before approval the same, in test mode only. */
export const defaultDailyLimits: Record<ConfiguredTier, TierLimits> = {
  unapproved: { trade: usd(1_000n), send: usd(1_000n) },
  approved: { trade: usd(1_000n), send: usd(1_000n) },
  tier_2: { trade: usd(10_000n), send: usd(10_000n) },
  tier_3: { trade: usd(100_000n), send: usd(100_000n) },
};

/** The largest daily limit anyone may set: 10 billion USD in cents, far inside a bigint column even when doubled. */
export const MAX_LIMIT_CENTS = 10n ** 12n;

/**
 * US cents as SPEC.md writes limits ('1000 USD'): no thousands separator, whole dollars without decimals, cents
 * shown only when there are some ('999.50 USD').
 */
export function formatUsdLimit(cents: bigint): string {
  return formatAmount('USD', cents, { grouping: false, decimals: cents % 100n === 0n ? 'trim' : 'fixed', display: 'code' });
}

export const limitMessages = {
  loaded: 'Limits loaded.',
  exceeded: (label: string, left: string) => `This is over your daily ${label} limit: ${left} left today. Limits reset at 00:00 UTC.`,
  liveLocked: 'Live mode opens once your business verification is approved.',
  dashboardOnly: 'Limits are seen and raised from the dashboard.',
  requestCreated: "We've received your request. A reviewer will look at it and we'll let you know.",
  requestsLoaded: 'Limit requests loaded.',
  requestOpen: 'You already have a request waiting for review. We will let you know when it is decided.',
  notApproved: 'Raised limits are for verified businesses. Complete your business verification first.',
  volumeRequired: 'Enter your expected monthly volume in USD.',
  volumeTooLarge: 'That volume is too large.',
  purposeRequired: 'Tell us what you will use the higher limits for (at least 10 characters).',
  sourceRequired: 'Tell us where the funds come from.',
  requestNotFound: 'Limit request not found.',
  notPending: 'This request has already been decided.',
  reasonRequired: 'Give the reason for your decision.',
  customBelowCurrent: (label: string, current: string) => `Must be at least the current ${label} limit, ${current}.`,
  tierNotHigher: (current: string) => `Choose a tier whose limits are at least the current ones (${current}).`,
  customAboveTopTier: 'Only an administrator can grant limits above the highest tier.',
  customTooLarge: 'That limit is too large.',
  companyNotApproved: "This business's verification is not approved, so it has no raised limits to grant. Decline, or wait for the approval.",
  granted: 'Limits granted. The business has been told.',
  declined: 'Request declined. The business has been told.',
  queueLoaded: 'Limit requests loaded.',
  requestLoaded: 'Limit request loaded.',
};

export const LIMIT_PURPOSE_MAX = 1000;
export const LIMIT_SOURCE_MAX = 200;
export const LIMIT_REASON_MAX = 1000;

/** A USD amount a person types ("25,000", "$25,000.50"), parsed exactly to cents by money.ts; more than zero. */
export const usdAmountText = (required: string) =>
  serverChecks(
    documented(text(required), { pattern: '^\\s*[$]?\\s*[0-9.,]+\\s*(USD)?\\s*$', maxLength: 120 }),
    'Read as a US dollar amount: commas group thousands in threes, at most 2 decimal places, more than zero.',
  ).transform((value, ctx) => {
    const parsed = tryParseAmount('USD', value, { allowZero: false });
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.problem === 'empty' ? required : parsed.message });
      return z.NEVER;
    }
    if (parsed.amount > MAX_LIMIT_CENTS * 31n) {
      ctx.addIssue({ code: 'custom', message: limitMessages.volumeTooLarge });
      return z.NEVER;
    }
    return parsed.amount as bigint;
  });

export const limitRequestDocumentInput = z.strictObject({
  name: text().trim().min(1).max(200),
  /** The uploaded file's key or link, from POST /aws/upload-url (the way KYB documents are uploaded). */
  objectKey: serverChecks(text().trim().min(1).max(2000), "An uploaded file of the business's own: at most 5 MB, a PDF, PNG, JPEG or DOCX."),
});

export const createLimitRequestBody = z.object({
  expectedMonthlyVolume: usdAmountText(limitMessages.volumeRequired),
  purpose: text(limitMessages.purposeRequired).trim().min(10, limitMessages.purposeRequired).max(LIMIT_PURPOSE_MAX, `Must be at most ${LIMIT_PURPOSE_MAX} characters.`),
  sourceOfFunds: requiredText(LIMIT_SOURCE_MAX, limitMessages.sourceRequired),
  document: limitRequestDocumentInput.optional(),
});
export type CreateLimitRequestInput = z.input<typeof createLimitRequestBody>;

export const limitRequestStatuses = ['pending', 'granted', 'declined'] as const;
export type LimitRequestStatus = (typeof limitRequestStatuses)[number];

const cents = minorUnitsOut.describe('US cents as a string of digits.');

export const kindLimitSchema = z.object({
  kind: z.enum(limitKinds),
  label: z.string(),
  limitCents: cents,
  usedCents: cents,
  leftCents: cents,
  /** '1000 USD', as the profile menu shows it. */
  limit: z.string(),
  used: z.string(),
  left: z.string(),
});
export type KindLimit = z.infer<typeof kindLimitSchema>;

export const limitRequestSchema = z.object({
  id: z.string(),
  status: z.enum(limitRequestStatuses),
  expectedMonthlyVolumeCents: cents,
  expectedMonthlyVolume: z.string(),
  purpose: z.string(),
  sourceOfFunds: z.string(),
  document: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** What the reviewer decided: the tier granted (or custom) with its figures, or nothing for a decline; the reason either way. */
  decision: z
    .object({
      tier: z.enum(limitTiers).nullable(),
      tradeCents: cents.nullable(),
      sendCents: cents.nullable(),
      reason: z.string(),
    })
    .nullable(),
});
export type LimitRequest = z.infer<typeof limitRequestSchema>;

export const limitsData = z.object({
  tier: z.enum(limitTiers),
  tierLabel: z.string(),
  livemode: z.boolean(),
  /** The UTC day the figures are for (YYYY-MM-DD) and when they reset. */
  day: z.string(),
  resetsAt: z.string(),
  limits: z.array(kindLimitSchema),
  /** The request waiting for review, if any; one at a time. */
  openRequest: limitRequestSchema.nullable(),
  /** Whether 'Increase Limits' can open a request now: the business is verified and has none waiting. */
  canRequest: z.boolean(),
});
export type LimitsData = z.infer<typeof limitsData>;
export const limitsResponse = envelope(limitsData);
export const limitRequestResponse = envelope(limitRequestSchema);
export const limitRequestListResponse = envelope(z.object({ requests: z.array(limitRequestSchema) }));

// ---- Back office

export const limitRequestIdParams = z.object({ requestId: uuid });

export const limitQueueQuery = z.object({
  status: z.enum(limitRequestStatuses).default('pending'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const limitQueueItemSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  status: z.enum(limitRequestStatuses),
  tier: z.enum(limitTiers),
  expectedMonthlyVolume: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const limitQueueResponse = envelope(
  z.object({
    requests: z.array(limitQueueItemSchema),
    pagination: paginationSchema,
    counts: z.record(z.enum(limitRequestStatuses), z.number().int()),
  }),
);

export const limitCaseSchema = z.object({
  request: limitRequestSchema,
  company: z.object({ id: z.string(), name: z.string(), kybStatus: z.string().nullable() }),
  /** The company's tier and live-mode figures today. */
  tier: z.enum(limitTiers),
  limits: z.array(kindLimitSchema),
  /** A signed link to the uploaded document (5 minutes). */
  documentUrl: z.string().nullable(),
  /** The configured tiers' figures, for the decision form. */
  tiers: z.array(z.object({ tier: z.enum(configuredTiers), label: z.string(), tradeCents: cents, sendCents: cents })),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type LimitCase = z.infer<typeof limitCaseSchema>;
export const limitCaseResponse = envelope(limitCaseSchema);

const reason = text(limitMessages.reasonRequired).trim().min(1, limitMessages.reasonRequired).max(LIMIT_REASON_MAX, `Must be at most ${LIMIT_REASON_MAX} characters.`);
const centsIn = serverChecks(
  documented(text(amountMessages.digitsOnly).regex(/^(0|[1-9]\d{0,77})$/, amountMessages.digitsOnly), { maxLength: 78 }).transform((digits) => BigInt(digits)),
  "US cents as digits: at least the company's current limit of the kind; above the highest tier only for an administrator.",
);

export const limitDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('grant_tier'), tier: z.enum(grantableTiers), reason }),
  z.object({ decision: z.literal('grant_custom'), tradeCents: centsIn, sendCents: centsIn, reason }),
  z.object({ decision: z.literal('decline'), reason }),
]);
export type LimitDecisionInput = z.input<typeof limitDecisionBody>;
