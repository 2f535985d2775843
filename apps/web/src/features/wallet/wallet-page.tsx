import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { walletValueCurrencies, type WalletAsset } from '@fipay/contracts/wallet';
import ArrowDownLeftIcon from 'lucide-react/icons/arrow-down-left';
import ArrowUpRightIcon from 'lucide-react/icons/arrow-up-right';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import FileTextIcon from 'lucide-react/icons/file-text';
import PlusIcon from 'lucide-react/icons/plus';
import { useState } from 'react';
import { Link } from 'react-router';
import { useWallet } from '../../api/wallet';
import { Amount } from '../../components/ui/amount';
import { Button, buttonClasses } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { walletAssetPath, walletReceivePath, walletSendPath } from '../../config/paths';
import { useAuthStore } from '../../stores/auth-store';
import { useDisplayCurrency } from '../../stores/display-currency-store';
import { useMode } from '../../stores/mode-store';
import { AddTestFundsDialog } from './components/add-test-funds-dialog';
import { showAmount, showValue } from './money';

/** '/dashboard/wallet': every asset the business holds in the current mode, with its worth, in one request. */
export function WalletPage() {
  const [mode] = useMode();
  const wallet = useWallet();
  const showBalance = useAuthStore((state) => state.showBalance);
  const toggleBalance = useAuthStore((state) => state.toggleBalance);
  const { currency, setCurrency } = useDisplayCurrency();
  const [funding, setFunding] = useState<WalletAsset | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Wallet</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            Your balances in <strong>{mode} mode</strong>, each with its worth at current market rates.
          </p>
        </div>
        <SegmentedTabs label="Show worth in" options={walletValueCurrencies.map((code) => [code, code] as const)} value={currency} onChange={setCurrency} />
      </div>

      <QueryState query={wallet} loading="your wallet" failure="We could not load your wallet.">
        {(data) => (
          <>
            <section aria-labelledby="wallet-total" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <div className="flex items-center justify-between gap-3">
                <h2 id="wallet-total" className="text-sm font-medium text-slate-600">
                  Total balance
                </h2>
                <button
                  type="button"
                  onClick={toggleBalance}
                  aria-label={showBalance ? 'Hide balances' : 'Show balances'}
                  className="grid h-9 w-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {showBalance ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
                </button>
              </div>
              <p className="mt-1 text-3xl font-bold break-words text-slate-900">
                <Amount value={showValue(currency, data.total[currency])} shown={showBalance} />
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {data.total.complete
                  ? 'Estimated at current market rates, rounded down.'
                  : 'Some assets have no current market rate, so the total leaves them out until rates are back.'}
              </p>
            </section>

            <section aria-label="Assets" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <ul className="divide-y divide-slate-200">
                {data.assets.map((asset) => (
                  <AssetRow key={asset.asset} asset={asset} shown={showBalance} testMode={!data.livemode} onAddFunds={() => setFunding(asset)} />
                ))}
              </ul>
            </section>
          </>
        )}
      </QueryState>

      {funding && <AddTestFundsDialog asset={funding.asset} testFunds={funding.testFunds} open onClose={() => setFunding(null)} />}
    </div>
  );
}

const wrap = '[overflow-wrap:anywhere]';

function AssetRow({ asset, shown, testMode, onAddFunds }: { asset: WalletAsset; shown: boolean; testMode: boolean; onAddFunds: () => void }) {
  const code: AssetCode = asset.asset;
  const { name } = assetOf(code);
  return (
    <li aria-label={`${code} ${name}`} className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid h-10 w-12 shrink-0 place-items-center rounded-lg bg-brand-50 text-xs font-bold text-brand-700">{code}</span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <Link to={walletAssetPath(code)} className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline">
              <FileTextIcon className="h-3.5 w-3.5" aria-hidden="true" />
              Statement
            </Link>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={walletSendPath(code)} className={buttonClasses('secondary', '', 'sm')} aria-label={`Send ${code}`}>
            <ArrowUpRightIcon className="h-4 w-4" aria-hidden="true" />
            Send
          </Link>
          <Link to={walletReceivePath(code)} className={buttonClasses('secondary', '', 'sm')} aria-label={`Receive ${code}`}>
            <ArrowDownLeftIcon className="h-4 w-4" aria-hidden="true" />
            Receive
          </Link>
          {testMode && (
            <Button size="sm" variant="ghost" onClick={onAddFunds} aria-label={`Add test funds: ${code}`}>
              <PlusIcon className="h-4 w-4" aria-hidden="true" />
              Add test funds
            </Button>
          )}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-slate-500">Available</dt>
          <dd className={`font-semibold text-slate-900 ${wrap}`}>
            <Amount value={showAmount(code, asset.available)} shown={shown} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Held</dt>
          <dd className={`text-slate-700 ${wrap}`}>
            <Amount value={showAmount(code, asset.held)} shown={shown} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Pending</dt>
          <dd className={`text-slate-700 ${wrap}`}>
            <Amount value={showAmount(code, asset.pending)} shown={shown} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-slate-500">Worth</dt>
          {walletValueCurrencies.map((currency) => (
            <dd key={currency} className={`text-slate-700 ${wrap}`}>
              {asset.value[currency] === null ? (
                <span className="text-xs text-amber-700">{currency}: rate unavailable</span>
              ) : (
                <Amount value={showValue(currency, asset.value[currency])} shown={shown} />
              )}
            </dd>
          ))}
        </div>
      </dl>
    </li>
  );
}
