import { announcementStatuses, announcementStatusLabels, type AdminAnnouncement, type AnnouncementStatus } from '@fipay/contracts/announcements';
import { useQuery } from '@tanstack/react-query';
import PlusIcon from 'lucide-react/icons/plus';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { adminAnnouncementPath, NEW_ANNOUNCEMENT, paths } from '../../config/paths';
import { markdownToText } from '../../lib/markdown-text';
import { useAdminSession } from './admin-session';
import { announcementListQueryOptions } from './api/announcements-api';
import { formatDateTime } from './components/format';
import { PageNav } from './components/page-nav';
import { StatusTabs } from './components/status-tabs';

/** When the row's status began, and whether businesses can still see it. */
function Shown({ item }: { item: AdminAnnouncement }) {
  if (item.status === 'draft') return <span className="text-slate-600">Not published</span>;
  if (item.status === 'archived') return <span className="text-slate-600">Archived {formatDateTime(item.archivedAt)}</span>;
  return (
    <span className="text-slate-700">
      Published {formatDateTime(item.publishedAt)}
      {item.expiresAt && (
        <span className={`block text-xs ${item.expired ? 'font-medium text-amber-800' : 'text-slate-500'}`}>
          {item.expired ? 'Expired' : 'Until'} {formatDateTime(item.expiresAt)}
        </span>
      )}
    </span>
  );
}

/** The operator's announcements by status; admins only (docs/decisions/0091-announcements-from-the-back-office.md). */
export function AnnouncementsPage() {
  const role = useAdminSession((state) => state.reviewer?.role);
  const [params, setParams] = useSearchParams();
  const status = (announcementStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as AnnouncementStatus) : 'draft';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...announcementListQueryOptions(status, page), enabled: role === 'admin' });
  const show = (next: { status?: AnnouncementStatus; page?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.status) copy.set('status', next.status);
      copy.set('page', String(next.page ?? 1));
      return copy;
    });

  if (role !== 'admin') return <Navigate to={paths.admin} replace />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Announcements</h1>
          <p className="max-w-2xl text-sm text-slate-600">News from FiPay on every business's Community page. Drafts are seen only here; archive one to take it down.</p>
        </div>
        <ButtonLink to={adminAnnouncementPath(NEW_ANNOUNCEMENT)} className="w-full sm:w-auto">
          <PlusIcon aria-hidden="true" className="h-4 w-4" /> New announcement
        </ButtonLink>
      </div>
      <StatusTabs statuses={announcementStatuses} labels={announcementStatusLabels} current={status} counts={query.data?.counts} onChoose={(tab) => show({ status: tab })} />
      <QueryState
        query={query}
        loading="Loading announcements…"
        failure="Announcements could not be loaded."
        empty={(data) => (data.announcements.length === 0 ? { title: `No ${announcementStatusLabels[status].toLowerCase()} announcements.` } : null)}
      >
        {(data) => (
          <div className="space-y-4">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <table className="w-full table-fixed text-left text-sm">
                <caption className="sr-only">{announcementStatusLabels[status]} announcements</caption>
                <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Title</th>
                    <th scope="col" className="hidden w-56 px-4 py-3 sm:table-cell">Shown</th>
                    <th scope="col" className="hidden w-48 px-4 py-3 md:table-cell">Last changed</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.announcements.map((item) => (
                    <tr key={item.id} className="align-top hover:bg-slate-50">
                      <td className="px-4 py-3">
                        <Link
                          to={adminAnnouncementPath(item.id)}
                          className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          {item.title}
                        </Link>
                        <p className="line-clamp-2 text-xs break-words text-slate-500">{markdownToText(item.body)}</p>
                        <p className="mt-1 text-xs sm:hidden">
                          <Shown item={item} />
                        </p>
                      </td>
                      <td className="hidden px-4 py-3 sm:table-cell">
                        <Shown item={item} />
                      </td>
                      <td className="hidden px-4 py-3 text-slate-700 md:table-cell">
                        {formatDateTime(item.updatedAt)}
                        <span className="block text-xs text-slate-500">{item.createdBy ? `Written by ${item.createdBy.name}` : 'From the first release'}</span>
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
