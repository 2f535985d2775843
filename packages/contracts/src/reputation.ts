import { z } from 'zod';
import { assetCodeSchema } from './assets';
import { envelope } from './envelope';
import { text } from './fields';
import { minorUnitsOut } from './money';

/**
 * The marketplace's reputation (docs/decisions/0087-marketplace-reputation.md): feedback on trades, marks on trade
 * partners, trade statistics and the Trader Program badges.
 */

export const feedbackRatings = ['positive', 'negative'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];
export const FEEDBACK_COMMENT_MAX = 500;

export const partnerMarks = ['trusted', 'blocked'] as const;
export type PartnerMark = (typeof partnerMarks)[number];

export const badgeLevels = ['power', 'expert'] as const;
export type BadgeLevel = (typeof badgeLevels)[number];

/**
 * The published criteria, highest first: a KYB-verified business, completed trades in the last 90 days and the
 * share of its ended trades (completed, cancelled, ruled) that completed. The job grants the highest level met.
 */
export const badgeCriteria: readonly { level: BadgeLevel; name: string; minTrades90d: number; minCompletionBps: number; summary: string }[] = [
  { level: 'expert', name: 'Expert Trader', minTrades90d: 1000, minCompletionBps: 9000, summary: 'At least 1,000 completed trades in the last 90 days, 90% of ended trades completed, and a verified business.' },
  { level: 'power', name: 'Power Trader', minTrades90d: 250, minCompletionBps: 8000, summary: 'At least 250 completed trades in the last 90 days, 80% of ended trades completed, and a verified business.' },
];
export const badgeNames: Record<BadgeLevel, string> = { expert: 'Expert Trader', power: 'Power Trader' };

export const reputationMessages = {
  feedbackNotYet: 'Feedback can be left once the trade is completed or resolved.',
  feedbackLocked: 'This feedback can no longer be changed.',
  commentTooLong: `Keep the comment to ${FEEDBACK_COMMENT_MAX} characters.`,
  partnerNotFound: 'Trade partner not found.',
  blockedByVendor: 'This business does not take trades from you.',
  feedbackSaved: 'Feedback saved.',
  feedbackLoaded: 'Feedback loaded.',
  partnersLoaded: 'Trade partners loaded.',
  partnerMarked: 'Trade partner updated.',
  partnerUnmarked: 'Mark removed.',
  statisticsLoaded: 'Trade statistics loaded.',
  badgesLoaded: 'Badges loaded.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Feedback

export const feedbackSchema = z.object({
  rating: z.enum(feedbackRatings),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when its author may change it. */
  editableUntil: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
/** A trade's feedback as one party sees it: its own, and the other side's. */
export const tradeFeedbackSchema = z.object({
  /** Whether the viewing business may leave (or still change) its feedback now. */
  canLeave: z.boolean(),
  mine: feedbackSchema.nullable(),
  theirs: feedbackSchema.nullable(),
});
export type TradeFeedback = z.infer<typeof tradeFeedbackSchema>;
export const tradeFeedbackResponse = envelope(tradeFeedbackSchema);
export const leaveFeedbackRequest = z.strictObject({
  rating: z.enum(feedbackRatings),
  comment: text().trim().max(FEEDBACK_COMMENT_MAX, reputationMessages.commentTooLong).optional(),
});
export type LeaveFeedbackRequest = z.input<typeof leaveFeedbackRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Trade partners

export const partnerSchema = z.object({
  /** The partner business's id: the handle for marking it. */
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  trades: z.number(),
  completed: z.number(),
  /** Completed volume per asset, in each asset's smallest unit. */
  volume: z.array(z.object({ asset: assetCodeSchema, amount: minorUnitsOut })),
  lastTradeAt: z.string(),
  mark: z.enum(partnerMarks).nullable(),
  /** Feedback this partner left on your trades. */
  positive: z.number(),
  negative: z.number(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListResponse = envelope(z.object({ partners: z.array(partnerSchema) }));
export const partnerIdParams = z.strictObject({ id: text().max(100, 'Not found.') });
export const markPartnerRequest = z.strictObject({ mark: z.enum(partnerMarks) });
export const partnerResponse = envelope(partnerSchema);

// ---------------------------------------------------------------------------------------------------------------
// Statistics

export const statisticsWindowSchema = z.object({
  trades: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  /** Completed out of ended trades (completed, cancelled, resolved), in basis points; null before any ended. */
  completionBps: z.number().nullable(),
  volume: z.array(z.object({ asset: assetCodeSchema, bought: minorUnitsOut, sold: minorUnitsOut })),
  /** Seconds from opening to marking paid, over the trades the business bought by an external method. */
  avgPaySeconds: z.number().nullable(),
  /** Seconds from paid to released, over the trades the business sold and released. */
  avgReleaseSeconds: z.number().nullable(),
  disputesOpened: z.number(),
  disputesLost: z.number(),
  positiveFeedback: z.number(),
  negativeFeedback: z.number(),
});
export type StatisticsWindow = z.infer<typeof statisticsWindowSchema>;
export const statisticsSchema = z.object({
  last30Days: statisticsWindowSchema,
  allTime: statisticsWindowSchema,
  /** The last 30 UTC days, oldest first: trades opened and completed each day. */
  daily: z.array(z.object({ date: z.string(), trades: z.number(), completed: z.number() })),
});
export type Statistics = z.infer<typeof statisticsSchema>;
export const statisticsResponse = envelope(statisticsSchema);

// ---------------------------------------------------------------------------------------------------------------
// Badges

export const badgesSchema = z.object({
  criteria: z.array(z.object({ level: z.enum(badgeLevels), name: z.string(), minTrades90d: z.number(), minCompletionBps: z.number(), summary: z.string() })),
  current: z.enum(badgeLevels).nullable(),
  since: z.string().nullable(),
  lostAt: z.string().nullable(),
  /** When the job last looked; null before it has. */
  computedAt: z.string().nullable(),
  verified: z.boolean(),
  trades90d: z.number(),
  completionBps: z.number().nullable(),
});
export type Badges = z.infer<typeof badgesSchema>;
export const badgesResponse = envelope(badgesSchema);
