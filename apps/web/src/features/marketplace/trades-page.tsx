import { tradeStatuses, type TradeStatus, type TradeView } from '@fipay/contracts/marketplace';
import ArrowLeftRightIcon from 'lucide-react/icons/arrow-left-right';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { StatusBadge, statusLabel } from '../../components/ui/status-badge';
import { paths, tradePath } from '../../config/paths';
import { formatDateTime } from '../../lib/format-time';
import { useMode } from '../../stores/mode-store';
import { shownAmount } from '../../lib/asset-amounts';
import { useTrades } from './api/marketplace';
import { shownPrice } from './present';

/** '/dashboard/trades' and '/dashboard/trade-history': every trade of this mode, as buyer or seller, newest first. */
export function TradesPage() {
  const [mode] = useMode();
  const [status, setStatus] = useState<TradeStatus | ''>('');
  const trades = useTrades(status || undefined);
  const list = trades.data?.pages.flatMap((page) => page.trades) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Trade History</h1>
          <p className="max-w-2xl text-sm text-slate-600">Every {mode} mode trade you made on the marketplace, with its amount, price, partner and status.</p>
        </div>
        <ButtonLink to={paths.marketplace} className="shrink-0">
          Find an offer
        </ButtonLink>
      </div>
      <div className="max-w-xs">
        <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as TradeStatus | '')}>
          <option value="">All trades</option>
          {tradeStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel('trade', s)}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState
        query={trades}
        loading="Loading your trades…"
        failure="We could not load your trades."
        empty={() => (list.length === 0 ? { icon: ArrowLeftRightIcon, title: status ? 'No trades with this status' : 'No trades yet', text: 'Take an offer on the marketplace, or post your own.' } : null)}
      >
        {() => (
          <div className="space-y-4">
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Trades">
              {list.map((trade) => (
                <TradeRow key={trade.id} trade={trade} />
              ))}
            </ul>
            {trades.hasNextPage && (
              <div className="text-center">
                <Button variant="secondary" onClick={() => void trades.fetchNextPage()} disabled={trades.isFetchingNextPage}>
                  {trades.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function TradeRow({ trade }: { trade: TradeView }) {
  const bought = trade.role === 'buyer';
  return (
    <li>
      <Link to={tradePath(trade.id)} className="grid gap-2 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1.2fr_1fr_auto] sm:items-center sm:px-5">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {bought ? 'Bought' : 'Sold'} {shownAmount(trade.asset, trade.amount)}
          </p>
          <p className="truncate text-sm text-slate-600">
            {bought ? 'from' : 'to'} {trade.counterparty.name} · {formatDateTime(trade.createdAt)}
          </p>
        </div>
        <div className="text-sm text-slate-600">
          <p className="font-medium text-slate-900">{shownAmount(trade.fiat, trade.fiatAmount)}</p>
          <p>{shownPrice(trade.fiat, trade.asset, trade.price)}</p>
        </div>
        <StatusBadge kind="trade" status={trade.status} className="justify-self-start sm:justify-self-end" />
      </Link>
    </li>
  );
}
