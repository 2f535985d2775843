import type { FavoriteOffer } from '@fipay/contracts/marketplace';
import StarIcon from 'lucide-react/icons/star';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { paths } from '../../config/paths';
import { useMode } from '../../stores/mode-store';
import { useFavorites } from './api/marketplace';
import { FavoriteButton } from './components/favorite-button';
import { OpenTradeDialog, type TakeableOffer } from './components/open-trade-dialog';
import { methodLabel, priceBasis, shownPrice, tradeLimits } from './present';

/** '/dashboard/favorites' (Favorite Offers): the offers the business saved on the marketplace, to trade on again. */
export function FavoritesPage() {
  const [mode] = useMode();
  const favorites = useFavorites();
  const [taking, setTaking] = useState<TakeableOffer | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Favorite Offers</h1>
          <p className="max-w-2xl text-sm text-slate-600">Offers you saved on the marketplace in {mode} mode, newest first. Star an offer there to keep it here.</p>
        </div>
        <ButtonLink to={paths.marketplace} className="shrink-0">
          Find offers
        </ButtonLink>
      </div>
      <QueryState
        query={favorites}
        loading="Loading your favourite offers…"
        failure="We could not load your favourite offers."
        empty={(data) => (data.offers.length === 0 ? { icon: StarIcon, title: 'No favourite offers yet', text: <>Star an offer on the <Link to={paths.marketplace} className="font-medium text-brand-700 hover:underline">marketplace</Link> to keep it here.</> } : null)}
      >
        {(data) => (
          <ul className="space-y-3" aria-label="Favourite offers">
            {data.offers.map((offer) => (
              <FavoriteRow key={offer.id} offer={offer} onTake={(takeable) => setTaking(takeable)} />
            ))}
          </ul>
        )}
      </QueryState>
      {taking && <OpenTradeDialog offer={taking} onClose={() => setTaking(null)} />}
    </div>
  );
}

function FavoriteRow({ offer, onTake }: { offer: FavoriteOffer; onTake: (offer: TakeableOffer) => void }) {
  const verb = offer.side === 'sell' ? 'Buy' : 'Sell';
  const { priceNow } = offer;
  return (
    <li className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-[1.3fr_1fr_1fr_auto] md:items-center">
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">
          {offer.vendor.name}
          {offer.vendor.tag && <span className="ml-2 text-sm font-normal text-slate-500">@{offer.vendor.tag}</span>}
        </p>
        <p className="text-sm text-slate-600">
          {offer.side === 'sell' ? 'Sells' : 'Buys'} {offer.asset} for {offer.fiat}
        </p>
      </div>
      <div>
        <p className="text-lg font-bold text-slate-900">{priceNow === null ? priceBasis(offer) : shownPrice(offer.fiat, offer.asset, priceNow)}</p>
        <p className="text-xs text-slate-500">{priceNow === null ? 'The market rate is out of date' : priceBasis(offer)}</p>
      </div>
      <div className="text-sm text-slate-600">
        <p>
          <span className="text-slate-500">Limits </span>
          {tradeLimits(offer)}
        </p>
        <p className="mt-1 text-xs">{offer.methods.map((m) => methodLabel(m.method)).join(' · ')}</p>
      </div>
      <div className="flex items-center gap-2 md:justify-end">
        <FavoriteButton offerId={offer.id} favorite />
        {offer.status === 'active' && priceNow !== null ? (
          <Button className="flex-1 md:flex-none" onClick={() => onTake({ ...offer, priceNow })}>
            {verb} {offer.asset}
          </Button>
        ) : (
          <StatusBadge kind="offer" status={offer.status} />
        )}
      </div>
    </li>
  );
}
