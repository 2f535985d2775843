import type { Event } from '@fipay/contracts/developers';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format-time';

/** What the event is about: the id or reference of its object, when it has one. */
function subjectOf(event: Event): string | null {
  const { object } = event.data;
  for (const key of ['reference', 'id', 'endpointId']) {
    const value = object[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/** One event: its type, object and time, opening to the event as JSON, exactly as webhooks deliver it. */
export function EventItem({ event }: { event: Event }) {
  const [open, setOpen] = useState(false);
  const payloadId = useId();
  const subject = subjectOf(event);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={payloadId}
        onClick={() => setOpen(!open)}
        // On phones the time goes under the event's names; from sm up it has a column of its own.
        className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:grid-cols-[minmax(0,1fr)_auto_auto]"
      >
        <span className="col-start-1 row-start-1 space-y-0.5">
          <span className="block font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{event.type}</span>
          <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">
            {subject ? `${subject} · ` : ''}
            {event.id}
          </span>
        </span>
        <time dateTime={event.createdAt} className="col-start-1 row-start-2 text-xs whitespace-nowrap text-slate-600 sm:col-start-2 sm:row-start-1">
          {formatDateTime(event.createdAt)}
        </time>
        <ChevronDownIcon
          aria-hidden="true"
          className={`col-start-2 row-span-2 row-start-1 h-4 w-4 text-slate-500 transition-transform sm:col-start-3 sm:row-span-1 ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={payloadId} hidden={!open} className="border-t border-slate-200 bg-slate-50 px-4 py-3">
        {open && (
          <pre aria-label={`Payload of ${event.id}`} className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">
            {JSON.stringify(event, null, 2)}
          </pre>
        )}
      </div>
    </li>
  );
}
