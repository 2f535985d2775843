import type { OfferView } from '@fipay/contracts/marketplace';
import TagIcon from 'lucide-react/icons/tag';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge } from '../../components/ui/status-badge';
import { becomeVendorPath, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useMode } from '../../stores/mode-store';
import { shownAmount } from '../../lib/asset-amounts';
import { useOfferAction, useOwnOffers, type OfferAction } from './api/marketplace';
import { OfferFormDialog } from './components/offer-form-dialog';
import { methodLabel, priceBasis, shownPrice } from './present';

/** '/dashboard/offers' (My Offers): the business's offers in this mode, posting one, pausing, resuming and closing. */
export function OffersPage() {
  const [mode] = useMode();
  const offers = useOwnOffers();
  const [posting, setPosting] = useState(false);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Offers</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            Your <strong>{mode} mode</strong> offers on the <Link to={paths.marketplace} className="font-medium text-brand-700 hover:underline">marketplace</Link>.
            {mode === 'live' ? ' Live offers need your business verification approved.' : ' Test offers trade test money only.'}{' '}
            <Link to={becomeVendorPath} className="font-medium text-brand-700 hover:underline">
              How selling works
            </Link>
          </p>
        </div>
        <Button onClick={() => setPosting(true)} className="shrink-0">
          Post an offer
        </Button>
      </div>
      <QueryState
        query={offers}
        loading="Loading your offers…"
        failure="We could not load your offers."
        empty={(data) => (data.offers.length === 0 ? { icon: TagIcon, title: 'No offers yet', text: 'Post an offer to buy or sell an asset; it shows on the marketplace at once.' } : null)}
      >
        {(data) => (
          <ul className="space-y-3" aria-label="Your offers">
            {data.offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </QueryState>
      {posting && <OfferFormDialog onClose={() => setPosting(false)} />}
    </div>
  );
}

const actionsFor: Record<OfferView['status'], readonly (readonly [OfferAction, string])[]> = {
  active: [['pause', 'Pause'], ['close', 'Close']],
  paused: [['resume', 'Resume'], ['close', 'Close']],
  exhausted: [['close', 'Close']],
  closed: [],
};

function OfferCard({ offer }: { offer: OfferView }) {
  const act = useOfferAction();
  const [closing, setClosing] = useState(false);
  const price = offer.price === null ? priceBasis(offer) : shownPrice(offer.fiat, offer.asset, offer.price);
  async function run(action: OfferAction) {
    try {
      const answer = await act.mutateAsync({ id: offer.id, action });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The offer was not changed.'));
    }
  }
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">
            {offer.side === 'sell' ? 'Selling' : 'Buying'} {offer.asset} for {offer.fiat}
          </p>
          <p className="text-sm text-slate-600">
            {price}
            {offer.price !== null ? '' : ` (${offer.fiat} per ${offer.asset})`}
          </p>
        </div>
        <StatusBadge kind="offer" status={offer.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Left</dt>
          <dd className="font-medium break-all text-slate-900">
            {shownAmount(offer.asset, offer.remaining)} of {shownAmount(offer.asset, offer.total)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Per trade</dt>
          <dd className="font-medium break-all text-slate-900">
            {shownAmount(offer.asset, offer.minTrade)} – {shownAmount(offer.asset, offer.maxTrade)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Methods · window</dt>
          <dd className="font-medium text-slate-900">
            {offer.methods.map((m) => methodLabel(m.method)).join(', ')} · {offer.windowMinutes} min
          </dd>
        </div>
      </dl>
      {actionsFor[offer.status].length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {actionsFor[offer.status].map(([action, label]) => (
            <Button key={action} size="sm" variant={action === 'close' ? 'ghost' : 'secondary'} disabled={act.isPending} onClick={() => (action === 'close' ? setClosing(true) : void run(action))}>
              {label}
            </Button>
          ))}
        </div>
      )}
      {closing && (
        <Dialog open onClose={() => setClosing(false)} title="Close this offer?" description="It leaves the marketplace for good. Trades already open on it go on.">
          <Button variant="secondary" onClick={() => setClosing(false)}>
            Keep it
          </Button>
          <Button
            data-autofocus
            disabled={act.isPending}
            onClick={() => {
              setClosing(false);
              void run('close');
            }}
          >
            Close offer
          </Button>
        </Dialog>
      )}
    </li>
  );
}
