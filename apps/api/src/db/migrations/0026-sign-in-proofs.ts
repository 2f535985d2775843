/**
 * One password check per sign-in (docs/decisions/0057-one-password-check-per-sign-in.md).
 *
 * A row is issued by `POST /auth/login/initiate` once the password has checked, and spent (deleted) by the
 * `verify-otp` that completes the same attempt, which then need not run Argon2id again.
 * - `id`: the public half of the proof the client holds (`<id>.<secret>`); the secret is not stored.
 * - `check_digest`: HMAC-SHA256 (hex), under a key derived from ENCRYPTION_KEY, of the user, the secret, the
 *   user's password hash at the time and the password that was checked. Without the secret (held by the client
 *   only) the row says nothing about the password, even to someone holding the key.
 * - `expires_at`: a few minutes after issue; the clean-up job deletes rows past it.
 */
export const sql = /* sql */ `
CREATE TABLE sign_in_proofs (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  check_digest text NOT NULL CHECK (check_digest ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_proofs_expiry_idx ON sign_in_proofs (expires_at);
`;
