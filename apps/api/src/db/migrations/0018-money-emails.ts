/**
 * Money emails to the business, chosen per user: payments received, refunds, payouts. A user without a row
 * gets all three; turning one off keeps the in-app notification.
 */
export const sql = /* sql */ `
CREATE TABLE email_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  payments boolean NOT NULL DEFAULT true,
  refunds boolean NOT NULL DEFAULT true,
  payouts boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
