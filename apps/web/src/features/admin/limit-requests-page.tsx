import { limitRequestStatuses, limitTierLabels, type LimitRequestStatus } from '@fipay/contracts/daily-limits';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { adminLimitRequestPath } from '../../config/paths';
import { limitQueueQueryOptions } from './api/admin-api';
import { formatDateTime } from './components/format';
import { PageNav } from './components/page-nav';
import { StatusTabs } from './components/status-tabs';

export const limitStatusLabels: Record<LimitRequestStatus, string> = { pending: 'Waiting', granted: 'Granted', declined: 'Declined' };

/** 'Increase Limits' requests by status, the longest wait first (docs/decisions/0070-daily-limits-and-limit-requests.md). */
export function LimitRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = (limitRequestStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as LimitRequestStatus) : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(limitQueueQueryOptions(status, page));
  const show = (next: { status?: LimitRequestStatus; page?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.status) copy.set('status', next.status);
      copy.set('page', String(next.page ?? 1));
      return copy;
    });

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Limit requests</h1>
        <p className="text-sm text-slate-600">Businesses asking for higher daily limits, the longest wait first. Open one to grant a tier or custom limits, or decline.</p>
      </div>
      <StatusTabs statuses={limitRequestStatuses} labels={limitStatusLabels} current={status} counts={query.data?.counts} onChoose={(tab) => show({ status: tab })} />
      <QueryState
        query={query}
        loading="Loading limit requests…"
        failure="Limit requests could not be loaded."
        empty={(data) => (data.requests.length === 0 ? { title: `No ${limitStatusLabels[status].toLowerCase()} requests.` } : null)}
      >
        {(data) => (
          <div className="space-y-4">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{limitStatusLabels[status]} limit requests</caption>
                <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Company</th>
                    <th scope="col" className="px-4 py-3">Monthly volume</th>
                    <th scope="col" className="hidden px-4 py-3 sm:table-cell">Tier now</th>
                    <th scope="col" className="hidden px-4 py-3 md:table-cell">{status === 'pending' ? 'Sent' : 'Decided'}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.requests.map((row) => (
                    <tr key={row.id} className="hover:bg-slate-50">
                      <td className="px-4 py-3">
                        <Link
                          to={adminLimitRequestPath(row.id)}
                          className="font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          {row.companyName}
                        </Link>
                        <p className="text-xs text-slate-500 md:hidden">{formatDateTime(status === 'pending' ? row.createdAt : row.decidedAt)}</p>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{row.expectedMonthlyVolume}</td>
                      <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{limitTierLabels[row.tier]}</td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">{formatDateTime(status === 'pending' ? row.createdAt : row.decidedAt)}</td>
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
