/**
 * Favourite offers (issue 24, `/dashboard/favorites`): a business keeps offers of other businesses to come back to,
 * each once per mode, newest first. A favourite outlives its offer's status (a paused or closed offer stays saved and
 * shows as not taking trades); it goes with the offer only if the offer row ever goes.
 */
export const sql = /* sql */ `
CREATE TABLE offer_favorites (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  offer_id uuid NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, livemode, offer_id)
);
CREATE INDEX offer_favorites_newest ON offer_favorites (company_id, livemode, created_at DESC);
`;
