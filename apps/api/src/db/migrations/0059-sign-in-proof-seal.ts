/**
 * initiate finds the user and writes its sign-in proof in one statement
 * (docs/decisions/0097-initiate-finds-the-user-and-writes-the-proof-at-once.md), before the user's id and password
 * hash are known to the server. The proof's binding to the hash the password was checked against moves from the
 * keyed digest to the database:
 * - `password_seal`: SHA-256 of the user's password hash, written from the user's row by the statement that writes
 *   the proof; verify-otp's statement compares it with the hash the user has then, so a changed password spoils it.
 * - `check_digest` keeps HMAC-SHA256 under the `sign-in-proof` key, now of the proof's id, its secret half and the
 *   password.
 * Rows written before this migration have no seal and never hold: a client whose proof is refused signs in with the
 * password alone (they lapse within five minutes anyway).
 */
export const sql = /* sql */ `
ALTER TABLE sign_in_proofs ADD COLUMN password_seal bytea;
`;
