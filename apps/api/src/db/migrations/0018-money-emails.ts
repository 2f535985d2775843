/**
 * Money emails to the business, chosen per user: payments received, refunds, payouts. A user without a row
 * gets all three; turning one off keeps the in-app notification.
 *
 * `outbox_emails.priority`: account and security mail (verification links, sign-in codes, password resets) is
 * sent before notices (receipts, money emails), so a busy day of payments never holds up a sign-in code.
 */
export const sql = /* sql */ `
CREATE TABLE email_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  payments boolean NOT NULL DEFAULT true,
  refunds boolean NOT NULL DEFAULT true,
  payouts boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE outbox_emails ADD COLUMN priority smallint NOT NULL DEFAULT 0 CHECK (priority IN (0, 1));
CREATE INDEX outbox_emails_queue_idx ON outbox_emails (priority, id) WHERE sent_at IS NULL AND failed_at IS NULL;
`;
