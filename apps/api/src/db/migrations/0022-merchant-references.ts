/**
 * Merchant references per business and mode (docs/decisions/0046-merchant-references-per-business.md).
 *
 * - `transactions.reference` is the merchant's: unique per company and mode (`transactions_company_reference_key`),
 *   no longer across the platform, so two businesses may each have an `order-1042`, and one business one in test
 *   and one in live mode; a business neither sees nor is refused by another's references.
 * - `transactions.provider_reference` is ours, for Paystack: unique across the platform (one Paystack account
 *   serves every business), sent as Paystack's `reference` on initialize and used for verify, charge webhooks,
 *   refunds and their lookups. The server makes it (`fp-` and 20 hex characters from the operating system's random
 *   source); the default (`fp-` and a random UUID's hex) only serves rows written by other means. Rows made before
 *   keep their reference as their provider reference: the Paystack transactions already started under it still
 *   match, and so do their ledger entries.
 * - The ledger's charge and release entries are keyed by the provider reference (`(livemode, kind, reference)` is
 *   unique across businesses); the guard keeps it fixed like the reference.
 */
export const sql = /* sql */ `
ALTER TABLE transactions ADD COLUMN provider_reference text;
UPDATE transactions SET provider_reference = reference;
ALTER TABLE transactions ALTER COLUMN provider_reference SET DEFAULT ('fp-' || replace(gen_random_uuid()::text, '-', ''));
ALTER TABLE transactions ALTER COLUMN provider_reference SET NOT NULL;
-- Paystack's alphabet (-, ., = and alphanumerics), and the _ of references made before it was followed (ADR 0042).
ALTER TABLE transactions ADD CONSTRAINT transactions_provider_reference_format CHECK (provider_reference ~ '^[A-Za-z0-9._=-]{6,100}$');
CREATE UNIQUE INDEX transactions_provider_reference_idx ON transactions (provider_reference);

ALTER TABLE transactions DROP CONSTRAINT transactions_reference_key;
ALTER TABLE transactions ADD CONSTRAINT transactions_company_reference_key UNIQUE (company_id, livemode, reference);

CREATE OR REPLACE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status <> OLD.status
     AND NOT (OLD.provider = 'paystack' AND OLD.status IN ('failed', 'abandoned') AND NEW.status = 'success') THEN
    RAISE EXCEPTION 'a % transaction stays %', OLD.status, OLD.status USING ERRCODE = '23514';
  END IF;
  IF (NEW.company_id, NEW.livemode, NEW.reference, NEW.provider_reference, NEW.amount, NEW.currency, NEW.provider)
     IS DISTINCT FROM (OLD.company_id, OLD.livemode, OLD.reference, OLD.provider_reference, OLD.amount, OLD.currency, OLD.provider) THEN
    RAISE EXCEPTION 'a transaction''s owner, references and amount do not change' USING ERRCODE = '42501';
  END IF;
  IF OLD.status = 'success' AND (NEW.fee, NEW.net, NEW.paid_at, NEW.channel) IS DISTINCT FROM (OLD.fee, OLD.net, OLD.paid_at, OLD.channel) THEN
    RAISE EXCEPTION 'a successful transaction''s fee, net, channel and time do not change' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
`;
