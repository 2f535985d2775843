/**
 * Trade chat (docs/decisions/0085-trade-chat-in-real-time.md).
 *
 * - `trade_messages`: the messages of a trade's chat, kept for audit: the database refuses UPDATE, DELETE and
 *   TRUNCATE. A message is written by one party of the trade (`author` seller or buyer, with its company) or by the
 *   platform for a step of the trade (`author = 'system'`, `system_event` naming the step). Its body is at most
 *   2,000 characters; an attachment (a PDF, PNG or JPEG checked like a KYB document) is a stored object's key with
 *   the type its bytes are and its size. `seq` orders a trade's messages and is the stream's event id.
 * - `trade_reads`: each side's last read message of a trade; it only moves forward.
 */
export const sql = /* sql */ `
CREATE TABLE trade_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  trade_id uuid NOT NULL REFERENCES trades (id),
  author text NOT NULL CHECK (author IN ('seller', 'buyer', 'system')),
  author_company_id uuid REFERENCES companies (id),
  system_event text CHECK (system_event IN ('opened', 'paid', 'completed', 'cancelled', 'disputed', 'resolved')),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  attachment_key text CHECK (length(attachment_key) <= 1024),
  attachment_name text CHECK (length(attachment_name) <= 200),
  attachment_type text CHECK (attachment_type IN ('application/pdf', 'image/png', 'image/jpeg')),
  attachment_size integer CHECK (attachment_size > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'system') = (author_company_id IS NULL) AND (author = 'system') = (system_event IS NOT NULL)),
  CHECK ((attachment_key IS NULL) = (attachment_type IS NULL) AND (attachment_key IS NULL) = (attachment_size IS NULL)
     AND (attachment_key IS NULL) = (attachment_name IS NULL)),
  CHECK (author = 'system' OR length(body) > 0 OR attachment_key IS NOT NULL)
);
CREATE INDEX trade_messages_trade_idx ON trade_messages (trade_id, seq);
CREATE TRIGGER trade_messages_append_only BEFORE UPDATE OR DELETE ON trade_messages
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER trade_messages_no_truncate BEFORE TRUNCATE ON trade_messages
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

CREATE TABLE trade_reads (
  trade_id uuid NOT NULL REFERENCES trades (id),
  party text NOT NULL CHECK (party IN ('seller', 'buyer')),
  last_read_seq bigint NOT NULL CHECK (last_read_seq > 0),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, party)
);
`;
