import type { Queryable } from '../db/client';
import { EVENT_RETENTION_DAYS } from '@fipay/contracts/developers';
import { REFRESH_REUSE_GRACE_SECONDS } from '../modules/auth/tokens';
import { IDEMPOTENCY_RETENTION_HOURS } from '../plugins/idempotency';

/**
 * How long a rotated refresh token is kept: presenting it again after its grace window revokes its
 * family (theft detection), which needs the row. A client refreshes every quarter of an hour, so a
 * thief's replay of a token this old would come long after the real client had exposed the fork.
 */
export const ROTATED_REFRESH_RETENTION_HOURS = 24;
/**
 * A provider's event key is kept this long to apply a repeated delivery once (Paystack retries for 72 hours);
 * after it, a repeat still changes nothing, since only a pending transaction, refund or payout moves.
 */
export const PROVIDER_EVENT_RETENTION_DAYS = 90;
/** Ended rows stay this long before they go, so nothing is deleted at the moment it ends. */
export const ENDED_ROW_RETENTION_HOURS = 1;

/**
 * Deletes what can no longer be used: refresh tokens of ended sessions and long-rotated ones,
 * spent or expired verification, reset, sign-in-code and password-setup links, expired proofs of a
 * checked sign-in password, ended reviewer
 * sessions; forgets the pairs kept for a refresh replay once its window has passed, and spent
 * or expired representative consent links, events past their 30 days, idempotency keys past their 24 hours and providers'
 * event keys and processed inbound webhooks past their 90 days. Returns the number of rows touched per kind.
 */
export async function cleanUpExpired(tx: Queryable): Promise<Record<string, number>> {
  const ended = `now() - make_interval(hours => ${ENDED_ROW_RETENTION_HOURS})`;
  const statements: Record<string, string> = {
    refreshTokens: `DELETE FROM refresh_tokens
      WHERE family_expires_at < ${ended} OR revoked_at < ${ended}
         OR rotated_at < now() - make_interval(hours => ${ROTATED_REFRESH_RETENTION_HOURS})`,
    refreshReplays: `UPDATE refresh_tokens SET successor_ciphertext = NULL
      WHERE successor_ciphertext IS NOT NULL AND rotated_at < now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`,
    emailLinks: `DELETE FROM user_tokens WHERE expires_at < ${ended} OR used_at < ${ended}`,
    emailCodes: `DELETE FROM email_otp_codes WHERE expires_at < ${ended} OR used_at < ${ended}`,
    // Spent proofs are deleted when spent; these are the ones issued and never used.
    signInProofs: `DELETE FROM sign_in_proofs WHERE expires_at < ${ended}`,
    reviewerLinks: `DELETE FROM reviewer_tokens WHERE expires_at < ${ended} OR used_at < ${ended}`,
    reviewerSessions: `DELETE FROM reviewer_sessions WHERE expires_at < ${ended} OR revoked_at < ${ended}`,
    consentLinks: `UPDATE kyb_representatives SET approval_token_hash = NULL
      WHERE approval_token_hash IS NOT NULL AND approval_expires_at < ${ended}`,
    idempotencyKeys: `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`,
    events: `DELETE FROM events WHERE created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
    providerEvents: `DELETE FROM provider_events WHERE received_at < now() - make_interval(days => ${PROVIDER_EVENT_RETENTION_DAYS})`,
    providerInbox: `DELETE FROM provider_inbox WHERE processed_at IS NOT NULL AND received_at < now() - make_interval(days => ${PROVIDER_EVENT_RETENTION_DAYS})`,
  };
  const counts: Record<string, number> = {};
  for (const [kind, sql] of Object.entries(statements)) counts[kind] = (await tx.query(sql)).rowCount;
  return counts;
}
