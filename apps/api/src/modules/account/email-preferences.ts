import type { EmailPreferences, updateEmailPreferencesRequest } from '@fipay/contracts/account';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';

/** The user's money emails; a user who never chose gets them all. */
export async function getEmailPreferences(db: Queryable, userId: string): Promise<EmailPreferences> {
  const { rows } = await db.query<EmailPreferences>('SELECT payments, refunds, payouts FROM email_preferences WHERE user_id = $1', [userId]);
  return rows[0] ?? { payments: true, refunds: true, payouts: true };
}

/** Turns the topics given on or off, keeping the others as they were. */
export async function updateEmailPreferences(db: Queryable, userId: string, change: z.output<typeof updateEmailPreferencesRequest>): Promise<EmailPreferences> {
  const { rows } = await db.query<EmailPreferences>(
    `INSERT INTO email_preferences AS p (user_id, payments, refunds, payouts) VALUES ($1, coalesce($2, true), coalesce($3, true), coalesce($4, true))
     ON CONFLICT (user_id) DO UPDATE SET payments = coalesce($2, p.payments), refunds = coalesce($3, p.refunds), payouts = coalesce($4, p.payouts), updated_at = now()
     RETURNING payments, refunds, payouts`,
    [userId, change.payments ?? null, change.refunds ?? null, change.payouts ?? null],
  );
  return rows[0]!;
}
