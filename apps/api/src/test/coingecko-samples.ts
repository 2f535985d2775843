/**
 * CoinGecko's own published sample for GET /simple/price, copied verbatim as JSON text (its numbers must not pass
 * through a JavaScript number): the 200 answer's example in the API reference, "Coin Price by IDs"
 * (https://docs.coingecko.com/v3.0.1/reference/simple-price, the OpenAPI document
 * `v3.0.1/reference/api-reference/coingecko-demo.json`, `components.schemas.SimplePrice.example`). The reference
 * documents the answer as an object keyed by coin id whose members are one price per asked `vs_currencies` code, plus
 * `{code}_market_cap`, `{code}_24h_vol`, `{code}_24h_change` and `last_updated_at` (UNIX seconds) when asked for.
 */
export const simplePriceSample = `{
  "bitcoin": {
    "usd": 67187.3358936566,
    "usd_market_cap": 1317802988326.25,
    "usd_24h_vol": 31260929299.5248,
    "usd_24h_change": 3.63727894677354,
    "last_updated_at": 1711356300
  }
}`;

/** The sample's bitcoin price in USD and its time, as text. */
export const SAMPLE_BTC_USD = '67187.3358936566';
export const SAMPLE_UPDATED_AT = 1711356300;
