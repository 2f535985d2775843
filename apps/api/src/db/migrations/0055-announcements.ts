/**
 * The operator's announcements (docs/decisions/0091-announcements-from-the-back-office.md), written by an admin in the
 * back office and read by every signed-in business on the Community page.
 *
 * - `status`: `draft` → `published` → `archived`, and an archived one may be published again. A published one keeps
 *   the time it was first published (`published_at`), and expires after it if ever; `archived_at` is set exactly while archived. The checks below
 *   hold the status and its times together whatever writes the row.
 * - Lengths are the contracts' (title 120, text 5000, link 500 and its label 60), checked here too; a link and its
 *   label come together, and a link is a web address or a path of the app.
 * - Businesses read published rows that have not expired, newest first (`announcements_published_idx`).
 * - The two announcements the web app carried as Markdown files (ADR 0088) are the first rows, published on their days.
 */
export const sql = /* sql */ `
CREATE TABLE announcements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120 AND title = btrim(title)),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
  link_url text CHECK (char_length(link_url) BETWEEN 1 AND 500 AND (link_url ~ '^https?://.' OR (link_url LIKE '/%' AND link_url NOT LIKE '//%'))),
  link_label text CHECK (char_length(link_label) BETWEEN 1 AND 60),
  published_at timestamptz,
  expires_at timestamptz,
  archived_at timestamptz,
  created_by uuid REFERENCES reviewers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((link_url IS NULL) = (link_label IS NULL)),
  CHECK (status <> 'published' OR published_at IS NOT NULL),
  CHECK (status <> 'draft' OR published_at IS NULL),
  CHECK ((status = 'archived') = (archived_at IS NOT NULL)),
  CHECK (expires_at IS NULL OR published_at IS NULL OR expires_at > published_at)
);
CREATE INDEX announcements_published_idx ON announcements (published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX announcements_status_idx ON announcements (status, updated_at DESC, id DESC);

INSERT INTO announcements (status, title, body, published_at, created_at, updated_at) VALUES
('published', 'The marketplace is open', $md$Businesses on FiPay can now buy and sell dollars, pounds, euro, naira, bitcoin, ether, tether and USDC with each
other on the [marketplace](/marketplace).

- Every trade holds the seller's asset in **escrow** on FiPay's ledger until it is released.
- Paying from your **FiPay balance** completes a trade at once.
- Bank transfer trades have a payment window set by the vendor and a release window for the seller; a trade that is
  not released in time goes to a FiPay agent.

Post your first offer from [My Offers](/dashboard/offers), and read
[how escrow and disputes work](/dashboard/university/escrow-and-disputes) before you trade.$md$,
 '2026-11-26 00:00:00+00', '2026-11-26 00:00:00+00', '2026-11-26 00:00:00+00'),
('published', 'Guides in the University', $md$The [University](/dashboard/university) now has guides written for FiPay: taking payments, going live, how escrow
and disputes work, staying safe from P2P fraud, limits and tiers, and sending and receiving.

The screens they explain link to them. Visitors without an account can read them too, at [/learn](/learn).$md$,
 '2026-11-27 00:00:00+00', '2026-11-27 00:00:00+00', '2026-11-27 00:00:00+00');
`;
