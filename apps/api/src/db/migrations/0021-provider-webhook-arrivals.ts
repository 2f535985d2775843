/**
 * When a webhook with a valid provider signature last arrived (docs/decisions/0045-one-live-rule-and-provider-readiness.md).
 * Paystack cannot be asked whether our webhook address is registered; this row tells the operator whether its
 * webhooks reach us at all (logged with the live readiness check and by the live-charge check when it confirms a
 * payment whose webhook never came). One row per provider, written at most once a minute.
 */
export const sql = /* sql */ `
CREATE TABLE provider_webhook_arrivals (
  provider text PRIMARY KEY,
  last_signed_at timestamptz NOT NULL
);
`;
