/**
 * Refresh rotation without forks, and tables of one-time rows that are cleaned up
 * (docs/decisions/0021-idempotent-refresh-and-clean-up.md).
 */
export const sql = /* sql */ `
-- The pair answered when this token was rotated, encrypted: presenting the token again within the
-- grace window gets that same pair rather than a second successor. Cleared once the window has passed.
ALTER TABLE refresh_tokens ADD COLUMN successor_ciphertext text;

-- The per-request session check (one family of one user, still open) and "every open session of a
-- user" are both served by this index, whatever the planner knows about the table.
DROP INDEX refresh_tokens_user_idx;
CREATE INDEX refresh_tokens_open_idx ON refresh_tokens (user_id, family_id) WHERE revoked_at IS NULL;

-- For the clean-up job: finding what has ended without reading what has not.
CREATE INDEX refresh_tokens_family_expiry_idx ON refresh_tokens (family_expires_at);
CREATE INDEX refresh_tokens_rotated_idx ON refresh_tokens (rotated_at) WHERE rotated_at IS NOT NULL;
CREATE INDEX refresh_tokens_revoked_idx ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX user_tokens_expiry_idx ON user_tokens (expires_at);
CREATE INDEX email_otp_codes_expiry_idx ON email_otp_codes (expires_at);
CREATE INDEX reviewer_tokens_expiry_idx ON reviewer_tokens (expires_at);
CREATE INDEX reviewer_sessions_expiry_idx ON reviewer_sessions (expires_at);
CREATE INDEX kyb_representatives_consent_expiry_idx ON kyb_representatives (approval_expires_at) WHERE approval_token_hash IS NOT NULL;
`;
