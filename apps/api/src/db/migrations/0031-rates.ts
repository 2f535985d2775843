/**
 * Market rates with their time (docs/decisions/0066-market-rates-and-crosses.md): each row is one price of one
 * whole unit of `base` in `quote` as an exact fraction (numerator / denominator, whole numbers in numeric(78,0), so
 * a provider's decimals are kept to the last digit), the provider that gave it and when the market gave it. Rows are
 * appended by the refresh job (a repeated answer is kept once) and kept 90 days for history; the latest per pair is
 * read through the primary key's order.
 */
export const sql = /* sql */ `
CREATE TABLE rates (
  base text NOT NULL CHECK (base IN ('NGN', 'USD', 'GBP', 'EUR', 'BTC', 'ETH', 'USDT', 'USDC')),
  quote text NOT NULL CHECK (quote IN ('NGN', 'USD', 'GBP', 'EUR', 'BTC', 'ETH', 'USDT', 'USDC')),
  numerator numeric(78, 0) NOT NULL CHECK (numerator > 0),
  denominator numeric(78, 0) NOT NULL CHECK (denominator > 0),
  source text NOT NULL CHECK (source IN ('sandbox', 'coingecko')),
  observed_at timestamptz NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  CHECK (base <> quote),
  PRIMARY KEY (base, quote, observed_at, source)
);
CREATE INDEX rates_fetched_at ON rates (fetched_at);
`;
