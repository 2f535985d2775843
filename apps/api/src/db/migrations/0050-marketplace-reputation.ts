/**
 * The marketplace's reputation (docs/decisions/0087-marketplace-reputation.md).
 *
 * - `trade_feedback`: one rating (positive or negative) with a comment per trade per side, left once the trade has
 *   ended in `completed` or `resolved`; editable by its author until `editable_until`.
 * - `partner_marks`: a business's mark on another it has traded with, per mode: trusted, or blocked (a blocked
 *   business cannot open trades on the marker's offers).
 * - `company_badges`: the Trader Program badge a company holds in a mode, recomputed by a job from its trades of the
 *   last 90 days; the row stays when a badge is lost (level null, `lost_at`), so the page can say when it ended.
 * - `trades_ended_idx`: the badge job reads the trades that ended in the last 90 days.
 * - `offers.vendor_completion_bps`: the vendor's 30-day completion rate copied onto each of its offers by the same job
 *   (-1 before any trade ended), the marketplace list's tie-break after the price; a new offer takes its vendor's
 *   rate as the job last stored it in `company_badges.completion_bps_30d`.
 */
export const sql = /* sql */ `
CREATE TABLE trade_feedback (
  trade_id uuid NOT NULL REFERENCES trades (id),
  author_company_id uuid NOT NULL REFERENCES companies (id),
  subject_company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  rating text NOT NULL CHECK (rating IN ('positive', 'negative')),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  editable_until timestamptz NOT NULL,
  PRIMARY KEY (trade_id, author_company_id),
  CHECK (author_company_id <> subject_company_id)
);
-- A business's feedback received, newest first (its profile and statistics).
CREATE INDEX trade_feedback_subject_idx ON trade_feedback (subject_company_id, livemode, created_at DESC);

CREATE TABLE partner_marks (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  partner_company_id uuid NOT NULL REFERENCES companies (id),
  mark text NOT NULL CHECK (mark IN ('trusted', 'blocked')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, livemode, partner_company_id),
  CHECK (company_id <> partner_company_id)
);

CREATE TABLE company_badges (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  level text CHECK (level IN ('power', 'expert')),
  trades_90d integer NOT NULL CHECK (trades_90d >= 0),
  completion_bps integer CHECK (completion_bps BETWEEN 0 AND 10000),
  completion_bps_30d integer CHECK (completion_bps_30d BETWEEN 0 AND 10000),
  since timestamptz,
  lost_at timestamptz,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, livemode),
  CHECK ((level IS NULL) = (since IS NULL))
);

CREATE INDEX trades_ended_idx ON trades (ended_at) WHERE ended_at IS NOT NULL;

ALTER TABLE offers ADD COLUMN vendor_completion_bps integer NOT NULL DEFAULT -1 CHECK (vendor_completion_bps BETWEEN -1 AND 10000);
CREATE FUNCTION offers_vendor_completion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.vendor_completion_bps := coalesce((SELECT completion_bps_30d FROM company_badges WHERE company_id = NEW.company_id AND livemode = NEW.livemode), -1);
  RETURN NEW;
END $$;
CREATE TRIGGER offers_vendor_completion BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION offers_vendor_completion();
`;
