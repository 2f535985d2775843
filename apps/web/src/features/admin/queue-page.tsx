import { QUEUE_SEARCH_MAX } from '@fipay/contracts/back-office';
import { applicationStatuses, businessTypes, type ApplicationStatus } from '@fipay/contracts/kyb-options';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { Spinner } from '../../components/ui/spinner';
import { adminApplicationPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { queueQueryOptions } from './api/admin-api';
import { formatDateTime, formatWaiting, StatusBadge, statusLabels } from './components/format';

const tabOrder: ApplicationStatus[] = ['SUBMITTED', 'IN_PROGRESS', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED'];
const PAGE_SIZE = 20;

function readStatus(value: string | null): ApplicationStatus {
  return (applicationStatuses as readonly string[]).includes(value ?? '') ? (value as ApplicationStatus) : 'SUBMITTED';
}

/** The queue of KYB applications: one status at a time, oldest submission first. */
export function QueuePage() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const businessType = params.get('type') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // The box follows the URL (a tab, Back, a shared link) until the reviewer types.
  const searchForm = useForm<{ q: string }>({ values: { q } });
  const query = useQuery({
    ...queueQueryOptions({
      status,
      businessType: (businessTypes as readonly string[]).includes(businessType) ? (businessType as never) : undefined,
      q: q || undefined,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const loading = query.isPending || query.isPlaceholderData;
  const error = query.isError ? errorMessage(query.error, 'The applications could not be loaded.') : null;

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  function submitSearch({ q: typed }: { q: string }) {
    update({ q: typed.trim() || null });
  }

  const pagination = data?.pagination;
  const applications = data?.applications ?? [];

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Applications</h1>
        <p className="text-sm text-slate-600">KYB applications, oldest submission first. Claim one to review it.</p>
      </div>

      <nav aria-label="Status" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {tabOrder.map((tab) => {
            const active = tab === status;
            return (
              <li key={tab}>
                <button
                  type="button"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => update({ status: tab === 'SUBMITTED' ? null : tab })}
                  className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-700 ${
                    active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`}
                >
                  {statusLabels[tab]}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-600'}`}
                  >
                    {data?.counts[tab] ?? 0}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <form role="search" onSubmit={(event) => void searchForm.handleSubmit(submitSearch)(event)} className="flex flex-1 gap-2">
          <label htmlFor="queue-search" className="sr-only">
            Search by company name, email or CAC number
          </label>
          <input
            id="queue-search"
            type="search"
            maxLength={QUEUE_SEARCH_MAX}
            placeholder="Company, email or CAC number"
            {...searchForm.register('q')}
            className={`${inputClasses} border-slate-300`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <div className="relative sm:w-56">
          <label htmlFor="queue-type" className="sr-only">
            Business type
          </label>
          <select
            id="queue-type"
            value={businessType}
            onChange={(event) => update({ type: event.target.value || null })}
            className={`${inputClasses} appearance-none border-slate-300 pr-9`}
          >
            <option value="">All business types</option>
            {businessTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-3 right-3 h-5 w-5 text-slate-400" />
        </div>
      </div>

      {error && <Alert tone="error">{error}</Alert>}

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{statusLabels[status]} applications</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Company</th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">Type</th>
                <th scope="col" className="hidden px-4 py-3 lg:table-cell">Submitted</th>
                <th scope="col" className="px-4 py-3">Waiting</th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">Assignee</th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {applications.map((row) => (
                <tr key={row.companyId} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link
                      to={adminApplicationPath(row.companyId)}
                      className="font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      {row.companyName}
                    </Link>
                    <p className="max-w-64 truncate text-xs text-slate-500">{row.userEmail ?? '—'}</p>
                    {row.cacNumber && <p className="text-xs text-slate-500">{row.cacNumber}</p>}
                    {/* The assignee column is hidden on a phone; say it here instead. */}
                    <p className="text-xs text-slate-500 sm:hidden">{row.assignee ? `Assignee: ${row.assignee.name}` : 'Unassigned'}</p>
                  </td>
                  <td className="hidden px-4 py-3 text-slate-700 md:table-cell">
                    {row.businessType ?? '—'}
                    {row.subType && <span className="block text-xs text-slate-500">{row.subType}</span>}
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 lg:table-cell">{formatDateTime(row.submittedAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatWaiting(row.waitingSeconds)}</td>
                  <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                    {row.assignee?.name ?? <span className="text-slate-400">Unassigned</span>}
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    <StatusBadge status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {loading && applications.length === 0 && (
          <div className="flex justify-center py-10">
            <Spinner className="h-8 w-8" />
          </div>
        )}
        {!loading && applications.length === 0 && !error && (
          <p className="px-4 py-10 text-center text-sm text-slate-500">
            {q || businessType ? 'No applications match these filters.' : `No ${statusLabels[status].toLowerCase()} applications.`}
          </p>
        )}
      </div>

      {pagination && pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
          <p>
            Page {pagination.currentPage} of {pagination.totalPages} · {pagination.totalItems} applications
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pagination.totalPages}
              onClick={() => update({ page: String(page + 1) })}
            >
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
