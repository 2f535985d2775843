/**
 * Unguessable public checkouts (docs/decisions/0043-unguessable-checkouts.md).
 *
 * `transactions.access_code`: the key of a transaction's public checkout and receipt, `ck-` and 40 hex characters
 * (160 random bits, made by the server from the operating system's random source). Transactions made before get one
 * here, from two random UUIDs (244 random bits); links that named a checkout by its reference no longer find it.
 * `transactions.checkout_verified_at`: when a look at the pending live checkout last asked Paystack; a look asks at
 * most once in 5 seconds, however often the page is loaded (the charge check job keeps its own schedule).
 */
export const sql = /* sql */ `
ALTER TABLE transactions ADD COLUMN access_code text;
UPDATE transactions SET access_code = 'ck-' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE transactions ALTER COLUMN access_code SET DEFAULT ('ck-' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
ALTER TABLE transactions ALTER COLUMN access_code SET NOT NULL;
ALTER TABLE transactions ADD CONSTRAINT transactions_access_code_format CHECK (access_code ~ '^ck-[0-9a-f]{40,64}$');
CREATE UNIQUE INDEX transactions_access_code_idx ON transactions (access_code);
ALTER TABLE transactions ADD COLUMN checkout_verified_at timestamptz;
`;
