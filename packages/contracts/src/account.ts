import { z } from 'zod';
import { twoFactorMethodSchema } from './auth';
import { envelope } from './envelope';

/** `GET account/me`: the signed-in user and their company as the server holds them (the Settings page). */
export const accountSchema = z.object({
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  company: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string(),
    country: z.object({ id: z.number().int(), name: z.string() }),
    address: z.string(),
    registrationNo: z.string(),
    createdAt: z.string(),
  }),
  kyb: z.object({
    /** IN_PROGRESS, SUBMITTED, CHANGES_REQUESTED, APPROVED, REJECTED; null before the first step is saved. */
    status: z.string().nullable(),
    currentStep: z.number().int(),
    submittedAt: z.string().nullable(),
    /** A final rejection: the company may not submit again. */
    rejectionFinal: z.boolean(),
  }),
  security: z.object({
    twoFactorMethod: twoFactorMethodSchema.nullable(),
    passwordChangedAt: z.string().nullable(),
  }),
});
export type Account = z.infer<typeof accountSchema>;
export const accountMeResponse = envelope(accountSchema);

/** Which money emails a user of the business gets (in-app notifications go to every user regardless). */
export const emailTopics = ['payments', 'refunds', 'payouts'] as const;
export type EmailTopic = (typeof emailTopics)[number];
export const emailPreferencesSchema = z.object({
  /** An email for each payment received. */
  payments: z.boolean(),
  /** An email when a refund is processed, fails or needs attention. */
  refunds: z.boolean(),
  /** An email when a payout is on its way, paid, or failed. */
  payouts: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const updateEmailPreferencesRequest = z.object({
  payments: z.boolean({ error: 'Choose on or off.' }).optional(),
  refunds: z.boolean({ error: 'Choose on or off.' }).optional(),
  payouts: z.boolean({ error: 'Choose on or off.' }).optional(),
});
export const emailPreferencesResponse = envelope(emailPreferencesSchema);
export const emailPreferenceMessages = { loaded: 'Email settings loaded.', saved: 'Email settings saved.' } as const;
