/**
 * FiPay tags (docs/decisions/0068-fipay-tags.md). One row per tag ever claimed, keyed by the tag itself in its stored
 * form (lowercase, no `@`), so two companies can never hold the same tag: the primary key is the platform-wide
 * uniqueness, and the row of a tag given up stays (released_at set) until its hold has passed and another company
 * takes the row over in one guarded upsert. A company holds at most one current tag.
 */
export const sql = /* sql */ `
CREATE TABLE fipay_tags (
  tag text PRIMARY KEY CHECK (tag ~ '^[a-z][a-z0-9_]{2,19}$'),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  CHECK (released_at IS NULL OR released_at >= claimed_at)
);
CREATE UNIQUE INDEX fipay_tags_current_per_company ON fipay_tags (company_id) WHERE released_at IS NULL;
CREATE INDEX fipay_tags_company ON fipay_tags (company_id);
`;
