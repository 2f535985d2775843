/**
 * The marketplace's list is read in the order price, then the vendor's completion rate (best first), then sequence
 * (ADR 0087's tie-break). The index of migration 0047 orders by price and sequence only, so since the tie-break every
 * page sorted all of a market's fixed-price offers, and the floating ones were found by reading the whole table
 * (52 ms per page at 100,000 offers, where the bare keyset SELECT takes 0.2 ms).
 *
 * - Two indexes hold the list's order for fixed prices, one per direction (cheapest first for selling offers,
 *   dearest first for buying ones), so a page reads only its rows.
 * - One finds a market's floating offers without reading the others; they are still sorted by the price the rate
 *   gives them now, which no index can hold.
 */
export const sql = /* sql */ `
CREATE INDEX offers_market_ask_idx ON offers (livemode, side, asset, fiat, price ASC, vendor_completion_bps DESC, seq ASC)
  WHERE status = 'active' AND price_kind = 'fixed';
CREATE INDEX offers_market_bid_idx ON offers (livemode, side, asset, fiat, price DESC, vendor_completion_bps DESC, seq ASC)
  WHERE status = 'active' AND price_kind = 'fixed';
CREATE INDEX offers_market_floating_idx ON offers (livemode, side, asset, fiat, margin_bps)
  WHERE status = 'active' AND price_kind = 'floating';
`;
