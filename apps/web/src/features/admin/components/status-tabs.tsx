/**
 * The status tabs above a back-office queue (limit requests, disputes): one per status with its count, the chosen one
 * marked as the page showing.
 */
export function StatusTabs<Status extends string>({
  statuses,
  labels,
  current,
  counts,
  onChoose,
}: {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  current: Status;
  counts: Partial<Record<Status, number>> | undefined;
  onChoose: (status: Status) => void;
}) {
  return (
    <nav aria-label="Status" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {statuses.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                onClick={() => onChoose(tab)}
                className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-700 ${
                  active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {labels[tab]}
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-600'}`}>
                  {counts?.[tab] ?? 0}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
