import { disputeStatusLabels, disputeStatuses, type DisputeQueueItem, type DisputeStatus } from '@fipay/contracts/trade-disputes';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { adminDisputePath } from '../../config/paths';
import { shownAmount } from '../../lib/asset-amounts';
import { disputeQueueQueryOptions } from './api/disputes-api';
import { formatDateTime } from './components/format';
import { PageNav } from './components/page-nav';
import { StatusTabs } from './components/status-tabs';

export const openerLabels = { seller: 'Seller', buyer: 'Buyer', system: 'Release window ran out' } as const;

function Written({ label, wrote }: { label: string; wrote: boolean }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${wrote ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200'}`}>
      {label} {wrote ? 'wrote' : 'no statement'}
    </span>
  );
}

function Deadline({ row }: { row: DisputeQueueItem }) {
  const passed = row.status === 'open' && !row.evidenceOpen;
  return (
    <span className={passed ? 'font-medium text-amber-800' : 'text-slate-700'}>
      {formatDateTime(row.evidenceBy)}
      {passed && <span className="block text-xs">Deadline passed</span>}
    </span>
  );
}

/** Disputed marketplace trades, open ones oldest first (docs/decisions/0086-trade-disputes.md). */
export function DisputesPage() {
  const [params, setParams] = useSearchParams();
  const status = (disputeStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as DisputeStatus) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(disputeQueueQueryOptions(status, page));
  const show = (next: { status?: DisputeStatus; page?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.status) copy.set('status', next.status);
      copy.set('page', String(next.page ?? 1));
      return copy;
    });

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Disputes</h1>
        <p className="text-sm text-slate-600">
          Marketplace trades in dispute, the longest wait first. Each side writes one statement before the evidence deadline; open a case to read both and rule.
        </p>
      </div>
      <StatusTabs statuses={disputeStatuses} labels={disputeStatusLabels} current={status} counts={query.data?.counts} onChoose={(tab) => show({ status: tab })} />
      <QueryState
        query={query}
        loading="Loading disputes…"
        failure="Disputes could not be loaded."
        empty={(data) => (data.disputes.length === 0 ? { title: `No ${disputeStatusLabels[status].toLowerCase()} disputes.` } : null)}
      >
        {(data) => (
          <div className="space-y-4">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{disputeStatusLabels[status]} disputes</caption>
                <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Trade</th>
                    <th scope="col" className="hidden px-4 py-3 md:table-cell">Seller → buyer</th>
                    <th scope="col" className="hidden px-4 py-3 sm:table-cell">Opened</th>
                    <th scope="col" className="px-4 py-3">Evidence by</th>
                    <th scope="col" className="hidden px-4 py-3 lg:table-cell">Statements</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.disputes.map((row) => (
                    <tr key={row.tradeId} className="align-top hover:bg-slate-50">
                      <td className="px-4 py-3">
                        <Link
                          to={adminDisputePath(row.tradeId)}
                          className="font-semibold whitespace-nowrap text-slate-900 tabular-nums hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          {shownAmount(row.asset, row.amount)}
                        </Link>
                        {!row.livemode && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">Test</span>}
                        <p className="text-xs text-slate-500 tabular-nums">for {shownAmount(row.fiat, row.fiatAmount)}</p>
                        <p className="text-xs text-slate-500 md:hidden">
                          {row.seller.name} → {row.buyer.name}
                        </p>
                        <p className="text-xs text-slate-500 lg:hidden">
                          Statements: seller {row.sellerWrote ? 'wrote' : 'none'}, buyer {row.buyerWrote ? 'wrote' : 'none'}
                        </p>
                      </td>
                      <td className="hidden px-4 py-3 text-slate-700 md:table-cell">
                        {row.seller.name} <span className="text-slate-400">→</span> {row.buyer.name}
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 sm:table-cell">
                        {formatDateTime(row.openedAt)}
                        <span className="block text-xs text-slate-500">by {openerLabels[row.openedBy].toLowerCase()}</span>
                      </td>
                      <td className="px-4 py-3 sm:whitespace-nowrap">
                        <Deadline row={row} />
                      </td>
                      <td className="hidden px-4 py-3 lg:table-cell">
                        <div className="flex flex-wrap gap-1">
                          <Written label="Seller" wrote={row.sellerWrote} />
                          <Written label="Buyer" wrote={row.buyerWrote} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageNav pagination={data.pagination} onPage={(next) => show({ page: next })} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
