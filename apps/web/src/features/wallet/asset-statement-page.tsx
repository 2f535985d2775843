import { assetCodeSchema, assetOf, type AssetCode } from '@fipay/contracts/assets';
import type { WalletStatementFilters, WalletStatementLine } from '@fipay/contracts/wallet';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import DownloadIcon from 'lucide-react/icons/download';
import FileTextIcon from 'lucide-react/icons/file-text';
import PlusIcon from 'lucide-react/icons/plus';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { useWallet } from '../../api/wallet';
import { Amount } from '../../components/ui/amount';
import { Button, ButtonLink, textLinkClasses } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { paths, walletReceivePath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { useAuthStore } from '../../stores/auth-store';
import { useMode } from '../../stores/mode-store';
import { downloadStatementCsv, useWalletStatement } from './api/wallet';
import { AddTestFundsDialog } from './components/add-test-funds-dialog';
import { showAmount } from './money';

/** '/dashboard/wallet/:asset': the asset's statement, newest first, filtered, a page at a time, and as CSV. */
export function AssetStatementPage() {
  const parsed = assetCodeSchema.safeParse(useParams().asset);
  if (!parsed.success) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Statement</h1>
        <p className="text-sm text-slate-600">There is no such asset in your wallet.</p>
        <Link to={paths.wallet} className={textLinkClasses}>
          Back to your wallet
        </Link>
      </div>
    );
  }
  return <Statement asset={parsed.data} />;
}

type Direction = '' | 'in' | 'out';

function Statement({ asset }: { asset: AssetCode }) {
  const [mode] = useMode();
  const showBalance = useAuthStore((state) => state.showBalance);
  const wallet = useWallet();
  const holding = wallet.data?.assets.find((a) => a.asset === asset);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [direction, setDirection] = useState<Direction>('');
  const filters: WalletStatementFilters = { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(direction ? { direction } : {}) };
  const statement = useWalletStatement(asset, filters);
  const [funding, setFunding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];

  async function download() {
    setDownloading(true);
    try {
      toast.success(`Downloaded ${await downloadStatementCsv(asset, filters)}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The statement could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-6">
      <Link to={paths.wallet} className={`${textLinkClasses} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
        Wallet
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{assetOf(asset).name} statement</h1>
          <p className="text-sm text-slate-600">
            Money in and out of your available {asset} in <strong>{mode} mode</strong>
            {holding && (
              <>
                {' '}· available <Amount value={showAmount(asset, holding.available)} shown={showBalance} />
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
          {asset === 'NGN' && (
            <ButtonLink to={`${walletReceivePath('NGN')}#top-up`}>
              <PlusIcon className="h-4 w-4" aria-hidden="true" />
              Top up
            </ButtonLink>
          )}
          {holding?.testFunds && (
            <Button variant="secondary" onClick={() => setFunding(true)}>
              <PlusIcon className="h-4 w-4" aria-hidden="true" />
              Add test funds
            </Button>
          )}
          <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
            <DownloadIcon className="h-4 w-4" aria-hidden="true" />
            {downloading ? 'Downloading…' : 'Download CSV'}
          </Button>
        </div>
      </div>

      <form aria-label="Filter the statement" className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
        <TextField label="From" type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="To" type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        <SelectField label="Direction" value={direction} onChange={(event) => setDirection(event.target.value as Direction)}>
          <option value="">Money in and out</option>
          <option value="in">Money in</option>
          <option value="out">Money out</option>
        </SelectField>
      </form>

      <QueryState
        query={statement}
        loading="the statement"
        failure="We could not load the statement."
        empty={() => (lines.length === 0 ? { icon: FileTextIcon, title: 'No lines yet', text: from || to || direction ? 'Nothing matches these filters.' : `Money in and out of your ${asset} shows here.` } : null)}
      >
        {() => (
          <section aria-label={`${asset} statement`} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold text-slate-600 max-md:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3">Date</th>
                  <th scope="col" className="px-4 py-3">Description</th>
                  <th scope="col" className="px-4 py-3">Counterparty</th>
                  <th scope="col" className="px-4 py-3 text-right">Amount</th>
                  <th scope="col" className="px-4 py-3 text-right">Balance after</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {lines.map((line) => (
                  <StatementRow key={line.id} asset={asset} line={line} shown={showBalance} />
                ))}
              </tbody>
            </table>
            {statement.hasNextPage && (
              <div className="border-t border-slate-200 p-4 text-center">
                <Button variant="secondary" onClick={() => void statement.fetchNextPage()} disabled={statement.isFetchingNextPage}>
                  {statement.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </section>
        )}
      </QueryState>

      {holding?.testFunds && <AddTestFundsDialog asset={asset} testFunds={holding.testFunds} open={funding} onClose={() => setFunding(false)} />}
    </div>
  );
}

function StatementRow({ asset, line, shown }: { asset: AssetCode; line: WalletStatementLine; shown: boolean }) {
  const incoming = !line.amount.startsWith('-');
  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-3 gap-y-1 px-4 py-3 md:table-row md:p-0">
      <td className="col-span-2 text-xs text-slate-500 md:px-4 md:py-3 md:text-sm md:text-slate-700">{formatDateTime(line.at)}</td>
      <td className="font-medium [overflow-wrap:anywhere] text-slate-900 md:px-4 md:py-3">{line.description || line.kind}</td>
      <td className="text-right [overflow-wrap:anywhere] text-slate-600 md:px-4 md:py-3 md:text-left">
        {line.counterparty ? (
          <>
            {line.counterparty.name}
            {line.counterparty.tag && <span className="block text-slate-500 md:ml-1 md:inline">@{line.counterparty.tag}</span>}
          </>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </td>
      <td className={`font-semibold [overflow-wrap:anywhere] tabular-nums md:px-4 md:py-3 md:text-right ${incoming ? 'text-emerald-700' : 'text-slate-900'}`}>
        <span className="sr-only md:hidden">Amount: </span>
        <Amount value={showAmount(asset, line.amount, { sign: true })} shown={shown} />
      </td>
      <td className="text-right [overflow-wrap:anywhere] text-slate-600 tabular-nums md:px-4 md:py-3">
        <span className="block text-xs text-slate-500 md:hidden">Balance after</span>
        <Amount value={showAmount(asset, line.balanceAfter)} shown={shown} />
      </td>
    </tr>
  );
}
