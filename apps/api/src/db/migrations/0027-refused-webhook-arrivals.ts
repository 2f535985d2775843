/**
 * When a webhook whose signature did not match last arrived, beside when a signed one did
 * (docs/decisions/0056-operators-see-live-readiness.md): the back office's live payments page tells the operator
 * whether the last webhook the provider address received was signed with our key. A row may now hold only a refused
 * arrival, so `last_signed_at` may be empty. Each time is written at most once a minute.
 */
export const sql = /* sql */ `
ALTER TABLE provider_webhook_arrivals ALTER COLUMN last_signed_at DROP NOT NULL;
ALTER TABLE provider_webhook_arrivals ADD COLUMN last_refused_at timestamptz;
`;
