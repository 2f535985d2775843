/**
 * Business verification: one application per company, its documents,
 * representatives (with single-use consent links) and settlement bank, and
 * per-user notifications. ID numbers and BVNs are encrypted by the server
 * before they reach these tables; only their last four characters are kept
 * in clear, for masked display.
 */
export const sql = /* sql */ `
CREATE TABLE kyb_applications (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (status IN ('IN_PROGRESS', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  business_type text CHECK (business_type IN ('Individual', 'NGO', 'Registered Business')),
  sub_type text CHECK (sub_type IN ('SME', 'Non-SME')),
  profile jsonb,
  current_step integer NOT NULL DEFAULT 1 CHECK (current_step BETWEEN 1 AND 5),
  rejection_reason text,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((business_type = 'Registered Business') = (sub_type IS NOT NULL) OR business_type IS NULL)
);
CREATE INDEX kyb_applications_status_idx ON kyb_applications (status, submitted_at);

CREATE TABLE kyb_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  doc_key text NOT NULL CHECK (doc_key IN ('certificate', 'proofOfAddress', 'memart', 'license', 'dueDiligence')),
  name text NOT NULL,
  file_url text NOT NULL,
  object_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  is_cac boolean NOT NULL DEFAULT false,
  cac_reg_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, doc_key)
);

CREATE TABLE kyb_representatives (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  position text NOT NULL,
  full_name text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  phone text NOT NULL,
  id_type text NOT NULL,
  id_number_encrypted text NOT NULL,
  id_number_last4 text NOT NULL,
  approval_token_hash text UNIQUE,
  approval_expires_at timestamptz,
  approved_by text,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, email)
);

CREATE TABLE kyb_bank_details (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency = 'NGN'),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  bank_name text NOT NULL,
  bank_code text NOT NULL,
  bvn_encrypted text NOT NULL,
  bvn_last4 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- Newest first for one user, and unread counts, without scanning.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
`;
