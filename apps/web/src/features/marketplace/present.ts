import type { AssetCode } from '@fipay/contracts/assets';
import { tradeMethodLabels, type MarketOffer, type OfferView, type TradeMethod } from '@fipay/contracts/marketplace';
import { shownAmount } from '../../lib/asset-amounts';

/** A price as every P2P desk shows it: the fiat per one whole unit of the asset ("1,650.00 NGN per USDT"). */
export const shownPrice = (fiat: AssetCode, asset: AssetCode, price: string | bigint) => `${shownAmount(fiat, price)} per ${asset}`;

/** What an offer's price is made of: fixed, or the market rate with its margin. */
export function priceBasis(offer: Pick<OfferView, 'priceKind' | 'marginBps'>): string {
  if (offer.priceKind === 'fixed' || offer.marginBps === null) return 'Fixed price';
  const percent = (Math.abs(offer.marginBps) / 100).toFixed(2).replace(/\.?0+$/, '');
  return offer.marginBps === 0 ? 'Market rate' : `Market rate ${offer.marginBps > 0 ? '+' : '−'}${percent}%`;
}

export const methodLabel = (method: TradeMethod) => tradeMethodLabels[method];

/** A vendor's record as the list shows it: "12 trades · 98% completion" over 30 days. */
export function vendorRecord(vendor: MarketOffer['vendor']): string {
  const trades = `${vendor.trades30d} ${vendor.trades30d === 1 ? 'trade' : 'trades'} in 30 days`;
  return vendor.completionBps === null ? trades : `${trades} · ${Math.floor(vendor.completionBps / 100)}% completion`;
}

/** The limits of one trade on an offer, within what is left of it. */
export function tradeLimits(offer: Pick<OfferView, 'asset' | 'minTrade' | 'maxTrade' | 'remaining'>): string {
  const max = BigInt(offer.maxTrade) < BigInt(offer.remaining) ? offer.maxTrade : offer.remaining;
  return `${shownAmount(offer.asset, offer.minTrade)} – ${shownAmount(offer.asset, max)}`;
}
