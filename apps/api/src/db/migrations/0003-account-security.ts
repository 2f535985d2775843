/**
 * Account security: emailed one-time codes as a second factor (an
 * alternative to the authenticator app) and when the password last changed.
 * Only a keyed hash of each code is kept; a code dies after a few wrong tries.
 */
export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN email_otp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
-- One second factor at a time keeps sign-in unambiguous.
ALTER TABLE users ADD CONSTRAINT users_one_second_factor CHECK (totp_enabled_at IS NULL OR email_otp_enabled_at IS NULL);

CREATE TABLE email_otp_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'enable', 'disable')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_otp_codes_user_idx ON email_otp_codes (user_id, purpose, created_at DESC);
`;
