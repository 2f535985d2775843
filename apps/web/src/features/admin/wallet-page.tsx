import { assetOf, assets, type AssetCode } from '@fipay/contracts/assets';
import {
  WALLET_FREEZE_REASON_MAX,
  walletAdminMessages,
  walletStatementAccounts,
  type WalletAssetBalance,
  type WalletMode,
  type WalletModeView,
} from '@fipay/contracts/back-office-wallet';
import { formatAmount } from '@fipay/contracts/money';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { PageSpinner } from '../../components/ui/spinner';
import { adminApplicationPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useAdminSession } from './admin-session';
import { statementQueryOptions, useFreezeAction, walletQueryOptions } from './api/wallet-api';
import { formatDateTime } from './components/format';
import { ReasonDialog } from './components/reason-dialog';

type Account = (typeof walletStatementAccounts)[number];
const accountLabels: Record<Account, string> = { available: 'Available', held: 'Held', pending: 'Pending', payouts_in_transit: 'In transit' };
const modeOptions = [
  ['live', 'Live'],
  ['test', 'Test'],
] as const;

const money = (asset: AssetCode, amount: string) => formatAmount(asset, BigInt(amount), { display: 'symbol', decimals: 'trim', minDecimals: Math.min(2, assetOf(asset).decimals) });

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** A company's wallet in the back office: balances per asset and mode, holds, a statement per account, and its freeze. */
export function WalletPage() {
  const { companyId = '' } = useParams();
  const wallet = useQuery(walletQueryOptions(companyId));
  const [mode, setMode] = useState<WalletMode>('live');

  if (wallet.isPending) return <PageSpinner />;
  if (wallet.isError) {
    return (
      <div className="space-y-4">
        <BackLink companyId={companyId} />
        <Alert tone="error">{errorMessage(wallet.error, 'The wallet could not be loaded.')}</Alert>
      </div>
    );
  }
  const view = wallet.data.modes.find((item) => item.mode === mode)!;
  return (
    <div className="space-y-6">
      <BackLink companyId={companyId} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">Wallet</p>
          <h1 className="text-2xl font-bold break-words text-slate-900">{wallet.data.company.name}</h1>
        </div>
        <SegmentedTabs label="Mode" options={modeOptions} value={mode} onChange={setMode} />
      </div>
      <FreezePanel companyId={companyId} view={view} />
      <Section title={`Balances (${mode})`}>
        <Balances balances={view.balances} />
      </Section>
      <Statement key={mode} companyId={companyId} mode={mode} balances={view.balances} />
    </div>
  );
}

function BackLink({ companyId }: { companyId: string }) {
  return (
    <Link to={adminApplicationPath(companyId)} className={`${textLinkClasses} inline-flex items-center gap-1 text-sm`}>
      <ArrowLeftIcon className="h-4 w-4" /> Case
    </Link>
  );
}

function FreezePanel({ companyId, view }: { companyId: string; view: WalletModeView }) {
  const isAdmin = useAdminSession((state) => state.reviewer?.role === 'admin');
  const action = useFreezeAction(companyId);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const freezing = !view.freeze;

  async function confirm(reason: string) {
    setError(null);
    try {
      const answer = await action.mutateAsync({ freeze: freezing, mode: view.mode, reason });
      toast.success(answer.message);
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure, freezing ? 'The wallet could not be frozen.' : 'The wallet could not be unfrozen.'));
    }
  }

  return (
    <Section title={`Freeze (${view.mode})`}>
      {view.freeze ? (
        <div className="space-y-3">
          <Alert tone="warning">
            <span>
              <strong className="font-semibold">Frozen</strong> since {formatDateTime(view.freeze.since)} by {view.freeze.by.name}: {view.freeze.reason}
              <span className="mt-1 block">Nothing leaves this wallet; deposits still credit.</span>
            </span>
          </Alert>
          {isAdmin ? (
            <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
              Unfreeze
            </Button>
          ) : (
            <p className="text-sm text-slate-600">Only an admin can unfreeze a wallet.</p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Not frozen. Freezing stops transfers, refunds and payouts from this {view.mode} wallet at once; payments to it still arrive.
          </p>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)} className="shrink-0">
            Freeze wallet
          </Button>
        </div>
      )}
      <ReasonDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        title={freezing ? `Freeze the ${view.mode} wallet?` : `Unfreeze the ${view.mode} wallet?`}
        description={
          freezing
            ? 'Nothing can leave it until an admin unfreezes it; deposits still credit. The company is notified with your reason, and the freeze is audited.'
            : 'Transfers, refunds and payouts work again at once. The company is notified, and this is audited.'
        }
        label={freezing ? 'Reason (the company sees it)' : 'Reason for unfreezing'}
        confirm={freezing ? 'Freeze' : 'Unfreeze'}
        busyText={freezing ? 'Freezing…' : 'Unfreezing…'}
        busy={action.isPending}
        error={error}
        max={WALLET_FREEZE_REASON_MAX}
        requiredMessage={walletAdminMessages.reasonRequired}
        onConfirm={(reason) => void confirm(reason)}
      />
    </Section>
  );
}

const balanceColumns = [
  ['available', 'Available'],
  ['held', 'Held'],
  ['pending', 'Pending'],
  ['inTransit', 'In transit'],
] as const;

function Balances({ balances }: { balances: WalletAssetBalance[] }) {
  if (balances.length === 0) return <p className="text-sm text-slate-500">No money in this mode yet.</p>;
  return (
    <>
      <table className="hidden w-full text-sm sm:table">
        <thead>
          <tr className="border-b border-slate-100 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-4">
              Asset
            </th>
            {balanceColumns.map(([, label]) => (
              <th key={label} scope="col" className="py-2 pl-4 text-right">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {balances.map((balance) => (
            <tr key={balance.asset} className="border-b border-slate-50 last:border-0">
              <th scope="row" className="py-2.5 pr-4 text-left font-medium text-slate-900">
                {balance.asset} <span className="font-normal text-slate-500">{assets[balance.asset].name}</span>
              </th>
              {balanceColumns.map(([key]) => (
                <td key={key} className={`py-2.5 pl-4 text-right tabular-nums ${key === 'held' && balance.held !== '0' ? 'font-semibold text-amber-700' : 'text-slate-800'}`}>
                  {money(balance.asset, balance[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 sm:hidden">
        {balances.map((balance) => (
          <li key={balance.asset} className="rounded-lg border border-slate-100 p-3">
            <p className="text-sm font-semibold text-slate-900">
              {balance.asset} <span className="font-normal text-slate-500">{assets[balance.asset].name}</span>
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
              {balanceColumns.map(([key, label]) => (
                <div key={key} className="min-w-0">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className={`break-all tabular-nums ${key === 'held' && balance.held !== '0' ? 'font-semibold text-amber-700' : 'text-slate-800'}`}>
                    {money(balance.asset, balance[key])}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Statement({ companyId, mode, balances }: { companyId: string; mode: WalletMode; balances: WalletAssetBalance[] }) {
  const choices = balances.length > 0 ? balances.map((balance) => balance.asset) : (['NGN'] as AssetCode[]);
  const [asset, setAsset] = useState<AssetCode>(choices[0]!);
  const [account, setAccount] = useState<Account>('available');
  const statement = useInfiniteQuery(statementQueryOptions(companyId, { mode, asset, account }));
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];

  return (
    <Section
      title="Statement"
      actions={
        <div className="flex w-full gap-2 sm:w-auto">
          <label className="sr-only" htmlFor="statement-asset">
            Asset
          </label>
          <select
            id="statement-asset"
            value={asset}
            onChange={(event) => setAsset(event.target.value as AssetCode)}
            className={`${inputClasses} h-9 min-w-0 flex-1 border-slate-300 sm:w-28 sm:flex-none`}
          >
            {choices.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="statement-account">
            Account
          </label>
          <select
            id="statement-account"
            value={account}
            onChange={(event) => setAccount(event.target.value as Account)}
            className={`${inputClasses} h-9 min-w-0 flex-1 border-slate-300 sm:w-36 sm:flex-none`}
          >
            {walletStatementAccounts.map((code) => (
              <option key={code} value={code}>
                {accountLabels[code]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {statement.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : statement.isError ? (
        <Alert tone="error">{errorMessage(statement.error, 'The statement could not be loaded.')}</Alert>
      ) : lines.length === 0 ? (
        <p className="text-sm text-slate-500">No lines on this account.</p>
      ) : (
        <div className="space-y-4">
          <ul aria-label="Statement lines" className="divide-y divide-slate-100">
            {lines.map((line) => (
              <li key={line.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{line.description || line.kind}</p>
                  <p className="text-xs break-all text-slate-500">
                    {formatDateTime(line.at)} · {line.kind} · {line.reference}
                  </p>
                </div>
                <div className="shrink-0 text-right tabular-nums">
                  <p className={line.direction === 'in' ? 'font-semibold text-emerald-700' : 'font-semibold text-slate-900'}>
                    {line.direction === 'in' ? '+' : '−'}
                    {money(asset, line.amount)}
                  </p>
                  <p className="text-xs text-slate-500">Balance {money(asset, line.balanceAfter)}</p>
                </div>
              </li>
            ))}
          </ul>
          {statement.hasNextPage && (
            <Button size="sm" variant="secondary" onClick={() => void statement.fetchNextPage()} disabled={statement.isFetchingNextPage}>
              {statement.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
      )}
    </Section>
  );
}
