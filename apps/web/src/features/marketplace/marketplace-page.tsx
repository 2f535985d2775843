import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { MARKET_FIATS, tradeMethods, type MarketOffer, type TradeMethod } from '@fipay/contracts/marketplace';
import { tryParseAmount } from '@fipay/contracts/money';
import { badgeNames } from '@fipay/contracts/reputation';
import AwardIcon from 'lucide-react/icons/award';
import StoreIcon from 'lucide-react/icons/store';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../stores/auth-store';
import { useMode } from '../../stores/mode-store';
import { useFavorites, useMarketOffers, type MarketFilters } from './api/marketplace';
import { FavoriteButton } from './components/favorite-button';
import { OpenTradeDialog } from './components/open-trade-dialog';
import { methodLabel, priceBasis, shownPrice, tradeLimits, vendorRecord } from './present';

type Side = 'buy' | 'sell';

/**
 * '/marketplace': the active offers of one asset and fiat, best price first, to signed-out visitors too (live
 * offers); a signed-in business sees its own mode and takes an offer here. Ends with how to become a vendor.
 */
export function MarketplacePage() {
  const signedIn = useAuthStore((state) => Boolean(state.user && state.accessToken));
  const [mode] = useMode();
  // The taker's side: Buy lists selling offers, Sell lists buying ones.
  const [side, setSide] = useState<Side>('buy');
  const [asset, setAsset] = useState<AssetCode>('USDT');
  const [fiat, setFiat] = useState<AssetCode>('NGN');
  const [method, setMethod] = useState<TradeMethod | ''>('');
  const [amountText, setAmountText] = useState('');
  const [taking, setTaking] = useState<MarketOffer | null>(null);
  const parsedAmount = amountText.trim() ? tryParseAmount(asset, amountText, { allowZero: false }) : null;
  const filters: MarketFilters = {
    side: side === 'buy' ? 'sell' : 'buy',
    asset,
    fiat,
    ...(method ? { method } : {}),
    ...(parsedAmount?.ok ? { amount: parsedAmount.amount.toString() } : {}),
  };
  const offers = useMarketOffers(filters);
  const favorites = useFavorites(signedIn);
  const saved = new Set(favorites.data?.offers.map((o) => o.id) ?? []);
  const pages = offers.data?.pages ?? [];
  const list = pages.flatMap((page) => page.offers);

  return (
    <>
      <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold sm:text-3xl">Marketplace</h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Buy and sell dollars, pounds, euros, naira and crypto with verified businesses. The seller's asset waits in escrow on FiPay until
            the buyer's payment is confirmed, so neither side has to trust the other first.
            {signedIn && (mode === 'test' ? ' You are in test mode: these are test offers and only test money moves.' : ' You are in live mode.')}
          </p>
        </div>

        <section aria-label="Filters" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <SegmentedTabs label="Buy or sell" options={[['buy', 'Buy'], ['sell', 'Sell']] as const} value={side} onChange={setSide} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              label="Asset"
              value={asset}
              onChange={(event) => {
                const next = event.target.value as AssetCode;
                setAsset(next);
                if (next === fiat) setFiat(next === 'NGN' ? 'USD' : 'NGN');
              }}
            >
              {assetCodes.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </SelectField>
            <SelectField label="Pay with" value={fiat} onChange={(event) => setFiat(event.target.value as AssetCode)}>
              {MARKET_FIATS.filter((code) => code !== asset).map((code) => (
                <option key={code}>{code}</option>
              ))}
            </SelectField>
            <SelectField label="Payment method" value={method} onChange={(event) => setMethod(event.target.value as TradeMethod | '')}>
              <option value="">Any method</option>
              {tradeMethods.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={`Amount (${asset})`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Any amount"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              error={parsedAmount && !parsedAmount.ok ? parsedAmount.message : undefined}
            />
          </div>
        </section>

        {offers.data && !offers.data.pages[0]!.floatingShown && (
          <Alert tone="warning">The market rate is out of date, so offers priced at the market rate are hidden until it is fresh again.</Alert>
        )}

        <QueryState
          query={offers}
          loading="Loading offers…"
          failure="We could not load the offers."
          empty={() =>
            list.length === 0
              ? { icon: StoreIcon, title: `No one is ${side === 'buy' ? 'selling' : 'buying'} ${asset} for ${fiat} right now`, text: 'Try another asset, currency or method, or post an offer of your own.' }
              : null
          }
        >
          {() => (
            <div className="space-y-4">
              <ul className="space-y-3" aria-label="Offers">
                {list.map((offer) => (
                  <OfferRow key={offer.id} offer={offer} side={side} signedIn={signedIn} favorite={saved.has(offer.id)} onTake={() => setTaking(offer)} />
                ))}
              </ul>
              {offers.hasNextPage && (
                <div className="text-center">
                  <Button variant="secondary" onClick={() => void offers.fetchNextPage()} disabled={offers.isFetchingNextPage}>
                    {offers.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                </div>
              )}
            </div>
          )}
        </QueryState>

        <BecomeVendor signedIn={signedIn} />
      </main>
      {taking && <OpenTradeDialog offer={taking} onClose={() => setTaking(null)} />}
    </>
  );
}

function OfferRow({ offer, side, signedIn, favorite, onTake }: { offer: MarketOffer; side: Side; signedIn: boolean; favorite: boolean; onTake: () => void }) {
  const verb = side === 'buy' ? 'Buy' : 'Sell';
  return (
    <li className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-[1.3fr_1fr_1fr_auto] md:items-center">
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">
          {offer.vendor.name}
          {offer.vendor.tag && <span className="ml-2 text-sm font-normal text-slate-500">@{offer.vendor.tag}</span>}
        </p>
        {offer.vendor.badge && (
          <p className="mt-0.5">
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <AwardIcon aria-hidden="true" className="h-3.5 w-3.5" />
              {badgeNames[offer.vendor.badge]}
            </span>
          </p>
        )}
        <p className="text-sm text-slate-600">{vendorRecord(offer.vendor)}</p>
      </div>
      <div>
        <p className="text-lg font-bold text-slate-900">{shownPrice(offer.fiat, offer.asset, offer.priceNow)}</p>
        <p className="text-xs text-slate-500">{priceBasis(offer)}</p>
      </div>
      <div className="text-sm text-slate-600">
        <p>
          <span className="text-slate-500">Limits </span>
          {tradeLimits(offer)}
        </p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Payment methods">
          {offer.methods.map((m) => (
            <li key={m.method} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {methodLabel(m.method)}
            </li>
          ))}
        </ul>
      </div>
      <div className="md:text-right">
        {offer.mine ? (
          <span className="text-sm text-slate-500">Your offer</span>
        ) : signedIn ? (
          <div className="flex items-center gap-2 md:justify-end">
            <FavoriteButton offerId={offer.id} favorite={favorite} />
            <Button onClick={onTake} className="flex-1 md:flex-none">
              {verb} {offer.asset}
            </Button>
          </div>
        ) : (
          <ButtonLink to={paths.login} className="w-full md:w-auto">
            Sign in to {verb.toLowerCase()}
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

function BecomeVendor({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="become-a-vendor" aria-labelledby="become-a-vendor-title" className="scroll-mt-24 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="become-a-vendor-title" className="text-xl font-bold text-slate-900">
        Become a vendor
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
        <li>Sign up and pass the business verification (KYB). Live offers are open to approved businesses; test offers to everyone.</li>
        <li>Save the bank accounts buyers pay into under Payment Methods.</li>
        <li>Post an offer from My Offers: the asset, your price (fixed or a margin over the market rate), limits, payment methods and terms.</li>
        <li>When a buyer pays, check your account and release. Your asset sits in escrow on FiPay until you do; disputes go to a FiPay agent.</li>
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        {signedIn ? (
          <ButtonLink to={paths.offers}>Post an offer</ButtonLink>
        ) : (
          <>
            <ButtonLink to={paths.signup}>Sign up</ButtonLink>
            <Link to={paths.login} className="inline-flex h-10 items-center text-sm font-semibold text-brand-700 hover:underline">
              I have an account
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
