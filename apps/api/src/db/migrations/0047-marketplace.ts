/**
 * The marketplace's offers and trades (docs/decisions/0084-marketplace-offers-trades-and-escrow.md).
 *
 * - `offers`: a vendor's offer to sell (`side = 'sell'`) or buy an asset for a fiat currency, at a fixed price (the
 *   fiat's smallest units per one whole unit of the asset) or a margin in basis points over the market rate. What is
 *   left of it is taken by trades with one guarded update; the database holds `0 <= remaining <= total` and
 *   `min_trade <= max_trade`.
 * - `offer_methods`: the payment methods an offer accepts; an external method of a selling offer names the vendor's
 *   saved payment method the buyer pays into.
 * - `trades`: one taker's trade on an offer, with the price, fiat amount and fees fixed when it opened, its timers as
 *   columns (`pay_by`, `release_by`) and its dispute's facts. Its escrow is the seller's `escrow` ledger account.
 * - Both statuses move through `status_transitions` and its guard (migration 0023), which refuses any other move;
 *   a trade's parties, amounts and price never change.
 * - An Idempotency-Key may be kept with the trade it opened (effect type `trade`, ADR 0039): the effect types allowed
 *   so far are read from the constraint and `trade` added, whichever migrations added others before this one.
 */
export const sql = /* sql */ `
CREATE TABLE offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  livemode boolean NOT NULL,
  company_id uuid NOT NULL REFERENCES companies (id),
  side text NOT NULL CHECK (side IN ('sell', 'buy')),
  asset text NOT NULL REFERENCES assets (code),
  fiat text NOT NULL REFERENCES assets (code) CHECK (fiat IN ('NGN', 'USD', 'GBP', 'EUR')),
  price_kind text NOT NULL CHECK (price_kind IN ('fixed', 'floating')),
  -- Fixed: the fiat's smallest units per one whole unit of the asset. Floating: basis points over the market rate.
  price numeric(78,0) CHECK (price > 0),
  margin_bps integer CHECK (margin_bps BETWEEN -5000 AND 5000),
  total numeric(78,0) NOT NULL CHECK (total > 0),
  remaining numeric(78,0) NOT NULL CHECK (remaining >= 0),
  min_trade numeric(78,0) NOT NULL CHECK (min_trade > 0),
  max_trade numeric(78,0) NOT NULL,
  window_minutes smallint NOT NULL DEFAULT 30 CHECK (window_minutes BETWEEN 15 AND 120),
  terms text NOT NULL DEFAULT '' CHECK (length(terms) <= 2000),
  min_completed_trades integer NOT NULL DEFAULT 0 CHECK (min_completed_trades BETWEEN 0 AND 100000),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'exhausted', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (asset <> fiat),
  CHECK ((price_kind = 'fixed') = (price IS NOT NULL) AND (price_kind = 'floating') = (margin_bps IS NOT NULL)),
  CHECK (remaining <= total),
  CHECK (min_trade <= max_trade AND max_trade <= total),
  CHECK ((status = 'exhausted') = (remaining = 0) OR status = 'closed')
);
CREATE INDEX offers_company_idx ON offers (company_id, livemode, seq DESC);
-- The marketplace's list: active offers of a mode, side, asset and fiat, by price.
CREATE INDEX offers_market_idx ON offers (livemode, side, asset, fiat, price, seq) WHERE status = 'active';

CREATE TABLE offer_methods (
  offer_id uuid NOT NULL REFERENCES offers (id),
  method text NOT NULL CHECK (method IN ('fipay_balance', 'ng_bank_transfer', 'foreign_bank_transfer')),
  payment_method_id uuid REFERENCES payment_methods (id),
  PRIMARY KEY (offer_id, method),
  CHECK (method <> 'fipay_balance' OR payment_method_id IS NULL)
);

CREATE TABLE trades (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  livemode boolean NOT NULL,
  offer_id uuid NOT NULL REFERENCES offers (id),
  seller_company_id uuid NOT NULL REFERENCES companies (id),
  buyer_company_id uuid NOT NULL REFERENCES companies (id),
  taker_company_id uuid NOT NULL REFERENCES companies (id),
  asset text NOT NULL REFERENCES assets (code),
  fiat text NOT NULL REFERENCES assets (code),
  amount numeric(78,0) NOT NULL CHECK (amount > 0),
  price numeric(78,0) NOT NULL CHECK (price > 0),
  fiat_amount numeric(78,0) NOT NULL CHECK (fiat_amount > 0),
  seller_fee numeric(78,0) NOT NULL CHECK (seller_fee >= 0),
  buyer_fee numeric(78,0) NOT NULL CHECK (buyer_fee >= 0 AND buyer_fee < amount),
  usd_cents numeric(78,0) NOT NULL CHECK (usd_cents >= 0),
  method text NOT NULL CHECK (method IN ('fipay_balance', 'ng_bank_transfer', 'foreign_bank_transfer')),
  -- The seller's account the buyer pays into (external methods).
  payment_method_id uuid REFERENCES payment_methods (id),
  status text NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'completed', 'cancelled', 'disputed', 'resolved')),
  pay_by timestamptz,
  release_by timestamptz,
  paid_at timestamptz,
  ended_at timestamptz,
  seller_asked_cancel boolean NOT NULL DEFAULT false,
  buyer_asked_cancel boolean NOT NULL DEFAULT false,
  -- Who took it to dispute, and when: a party, or the release window running out ('system').
  disputed_by text CHECK (disputed_by IN ('seller', 'buyer', 'system')),
  disputed_at timestamptz,
  -- A ruling's outcome and the asset it gave the buyer (release: the amount; return: none; split: part).
  ruling text CHECK (ruling IN ('release', 'return', 'split')),
  ruling_buyer_amount numeric(78,0) CHECK (ruling_buyer_amount >= 0),
  ruling_reason text CHECK (length(ruling_reason) BETWEEN 1 AND 2000),
  ruled_by uuid REFERENCES reviewers (id),
  -- Why it was cancelled: 'buyer', 'timeout', 'both'.
  cancel_reason text CHECK (cancel_reason IN ('buyer', 'timeout', 'both')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (seller_company_id <> buyer_company_id),
  CHECK (taker_company_id IN (seller_company_id, buyer_company_id)),
  CHECK ((method = 'fipay_balance') = (payment_method_id IS NULL)),
  CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL)),
  CHECK (status NOT IN ('completed', 'cancelled', 'resolved') OR ended_at IS NOT NULL),
  CHECK ((disputed_by IS NULL) = (disputed_at IS NULL)),
  CHECK ((status = 'resolved') = (ruling IS NOT NULL AND ruling_reason IS NOT NULL AND ruled_by IS NOT NULL AND ruling_buyer_amount IS NOT NULL)),
  CHECK (ruling_buyer_amount <= amount)
);
CREATE INDEX trades_seller_idx ON trades (seller_company_id, livemode, seq DESC);
CREATE INDEX trades_buyer_idx ON trades (buyer_company_id, livemode, seq DESC);
CREATE INDEX trades_offer_idx ON trades (offer_id);
-- The timers' sweeps: trades whose payment window or release window has run out.
CREATE INDEX trades_pay_by_idx ON trades (pay_by) WHERE status = 'awaiting_payment';
CREATE INDEX trades_release_by_idx ON trades (release_by) WHERE status = 'paid';

CREATE FUNCTION trades_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.livemode, NEW.offer_id, NEW.seller_company_id, NEW.buyer_company_id, NEW.taker_company_id, NEW.asset, NEW.fiat, NEW.amount,
      NEW.price, NEW.fiat_amount, NEW.seller_fee, NEW.buyer_fee, NEW.usd_cents, NEW.method, NEW.payment_method_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.livemode, OLD.offer_id, OLD.seller_company_id, OLD.buyer_company_id, OLD.taker_company_id, OLD.asset, OLD.fiat, OLD.amount,
      OLD.price, OLD.fiat_amount, OLD.seller_fee, OLD.buyer_fee, OLD.usd_cents, OLD.method, OLD.payment_method_id, OLD.created_at) THEN
    RAISE EXCEPTION 'a trade''s parties, amounts and price do not change' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER trades_guard BEFORE UPDATE ON trades FOR EACH ROW EXECUTE FUNCTION trades_guard();
CREATE TRIGGER trades_no_delete BEFORE DELETE ON trades FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

DO $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(quote_literal(name), ', ' ORDER BY name) INTO names
    FROM (SELECT table_name AS name FROM status_transitions UNION SELECT 'offers' UNION SELECT 'trades') t;
  ALTER TABLE status_transitions DROP CONSTRAINT status_transitions_table_name_check;
  EXECUTE format('ALTER TABLE status_transitions ADD CONSTRAINT status_transitions_table_name_check CHECK (table_name IN (%s))', names);
END $$;
INSERT INTO status_transitions (table_name, from_status, to_status, provider) VALUES
  ('offers', 'active', 'paused', NULL),
  ('offers', 'paused', 'active', NULL),
  ('offers', 'active', 'exhausted', NULL),
  ('offers', 'exhausted', 'active', NULL),
  ('offers', 'active', 'closed', NULL),
  ('offers', 'paused', 'closed', NULL),
  ('offers', 'exhausted', 'closed', NULL),
  ('trades', 'awaiting_payment', 'paid', NULL),
  ('trades', 'awaiting_payment', 'cancelled', NULL),
  ('trades', 'paid', 'completed', NULL),
  ('trades', 'paid', 'disputed', NULL),
  ('trades', 'paid', 'cancelled', NULL),
  ('trades', 'disputed', 'completed', NULL),
  ('trades', 'disputed', 'resolved', NULL);
DO $$
DECLARE
  names text;
BEGIN
  SELECT string_agg(quote_literal(name), ', ' ORDER BY name) INTO names
    FROM (SELECT m[1] AS name
            FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
           WHERE c.conname = 'idempotency_keys_effect_type_check'
          UNION SELECT 'trade') t;
  ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_effect_type_check;
  EXECUTE format('ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_effect_type_check CHECK (effect_type IN (%s))', names);
END $$;
CREATE TRIGGER offers_status BEFORE UPDATE OF status ON offers FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
CREATE TRIGGER trades_status BEFORE UPDATE OF status ON trades FOR EACH ROW EXECUTE FUNCTION status_transition_guard();
`;
