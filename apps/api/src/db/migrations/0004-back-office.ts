/**
 * The compliance back office: reviewer accounts (their own table, apart from
 * company users), password-setup links, opaque sessions, recovery codes;
 * assignment and decisions on applications; per-item review requests; internal
 * notes; and an append-only audit log that the database itself refuses to
 * change or delete.
 */
export const sql = /* sql */ `
CREATE TABLE reviewers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('reviewer', 'admin')),
  password_hash text,
  totp_secret text,
  totp_pending_secret text,
  totp_enabled_at timestamptz,
  totp_last_step bigint,
  disabled_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reviewers_email_key ON reviewers (email);

-- Password-setup links; only a hash of each token is kept.
CREATE TABLE reviewer_tokens (
  token_hash text PRIMARY KEY,
  reviewer_id uuid NOT NULL REFERENCES reviewers (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('set_password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviewer_tokens_reviewer_idx ON reviewer_tokens (reviewer_id, purpose);

-- Opaque bearer sessions: idle and absolute expiry; 'enrolment' may only set up the authenticator.
CREATE TABLE reviewer_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reviewer_id uuid NOT NULL REFERENCES reviewers (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  scope text NOT NULL CHECK (scope IN ('enrolment', 'full')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX reviewer_sessions_reviewer_idx ON reviewer_sessions (reviewer_id) WHERE revoked_at IS NULL;

CREATE TABLE reviewer_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reviewer_id uuid NOT NULL REFERENCES reviewers (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reviewer_id, code_hash)
);

ALTER TABLE kyb_applications DROP CONSTRAINT kyb_applications_status_check;
ALTER TABLE kyb_applications ADD CONSTRAINT kyb_applications_status_check
  CHECK (status IN ('IN_PROGRESS', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED'));
ALTER TABLE kyb_applications ADD COLUMN rejection_final boolean NOT NULL DEFAULT false;
ALTER TABLE kyb_applications ADD COLUMN assignee_id uuid REFERENCES reviewers (id);
ALTER TABLE kyb_applications ADD COLUMN assigned_at timestamptz;
ALTER TABLE kyb_applications ADD COLUMN decided_at timestamptz;
ALTER TABLE kyb_applications ADD COLUMN decided_by uuid REFERENCES reviewers (id);

-- What a reviewer asked the company to change. flagged_ref pins what was flagged (a document's
-- object key), so a replacement is recognised; resolved_at is set when the company resubmits.
CREATE TABLE kyb_review_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  round integer NOT NULL CHECK (round > 0),
  -- The order of the items within their round, as the company reads them.
  position integer NOT NULL DEFAULT 0,
  target text NOT NULL CHECK (target IN ('document', 'representative', 'bank')),
  target_key text NOT NULL,
  label text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('blurry', 'wrong_document', 'expired', 'name_mismatch', 'older_than_3_months', 'other')),
  note text,
  flagged_ref text,
  requested_by uuid REFERENCES reviewers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  addressed_at timestamptz,
  resolved_at timestamptz,
  CHECK (reason <> 'other' OR note IS NOT NULL)
);
CREATE INDEX kyb_review_items_open_idx ON kyb_review_items (company_id) WHERE resolved_at IS NULL;

-- Internal notes on a case; never part of a company answer.
CREATE TABLE kyb_review_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES reviewers (id),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyb_review_notes_company_idx ON kyb_review_notes (company_id, created_at);

-- The audit trail outlives what it describes, so it has no foreign keys.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_type text NOT NULL CHECK (actor_type IN ('reviewer', 'user', 'system')),
  actor_id uuid,
  actor_name text,
  action text NOT NULL,
  company_id uuid,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_company_idx ON audit_log (company_id, id);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
`;
