import { EVENT_RETENTION_DAYS, eventTypes, PING_EVENT, type Event } from '@fipay/contracts/developers';
import ActivityIcon from 'lucide-react/icons/activity';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { useMode } from '../../stores/mode-store';
import { useEvents } from './api/events-api';
import { EventItem } from './components/event-item';

const typeOptions: readonly Event['type'][] = [...eventTypes, PING_EVENT];

/** The filter and page from the address, so a reload or a shared link shows the same page; anything else there is ignored. */
function useEventFilter() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = typeOptions.find((option) => option === typeParam);
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const show = (next: { type?: Event['type']; page: number }) =>
    setParams({ ...(next.type ? { type: next.type } : {}), ...(next.page > 1 ? { page: String(next.page) } : {}) });
  return { type, page, show };
}

/** '/dashboard/events': what changed in the current mode, newest first, each event's JSON a click away (GET /events). */
export function EventsPage() {
  const [mode] = useMode();
  const { type, page, show } = useEventFilter();
  const list = useEvents({ type, page });
  const pagination = list.data?.pagination;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Events</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          What changed in your account in <strong>{mode} mode</strong>, newest first: the events your webhook endpoints receive. Events are kept for{' '}
          {EVENT_RETENTION_DAYS} days.
        </p>
      </div>

      <div className="max-w-xs">
        <SelectField label="Type" value={type ?? ''} onChange={(event) => show({ type: (event.target.value || undefined) as Event['type'] | undefined, page: 1 })}>
          <option value="">All types</option>
          {typeOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      </div>

      <QueryState
        query={list}
        loading="events"
        failure="We could not load your events."
        empty={(data) =>
          data.events.length === 0
            ? {
                icon: ActivityIcon,
                title: type ? `No ${type} events` : 'No events yet',
                text: type
                  ? `None in ${mode} mode in the last ${EVENT_RETENTION_DAYS} days.`
                  : 'Creating API keys, payment links and webhook endpoints, and taking payments, all make events.',
              }
            : null
        }
      >
        {(data) => (
          <section aria-label="Events" aria-busy={list.isPlaceholderData} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <ul className={`divide-y divide-slate-100 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {data.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          </section>
        )}
      </QueryState>

      {pagination && pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => show({ type, page: page - 1 })}>
            Newer
          </Button>
          <span>
            Page {pagination.currentPage} of {pagination.totalPages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pagination.totalPages} onClick={() => show({ type, page: page + 1 })}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
