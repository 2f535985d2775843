import { badgeNames, type Badges } from '@fipay/contracts/reputation';
import AwardIcon from 'lucide-react/icons/award';
import MedalIcon from 'lucide-react/icons/medal';
import ShieldCheckIcon from 'lucide-react/icons/shield-check';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-time';
import { useMode } from '../../../stores/mode-store';
import { useBadges } from '../api/reputation';
import { showBps } from '../reputation-format';

/**
 * '/dashboard/badges': the Trader Program's levels with their published criteria, the business's badge as the job
 * last set it, and how far it is from each level (docs/decisions/0087-marketplace-reputation.md).
 */
export function BadgesPage() {
  const [mode] = useMode();
  const badges = useBadges();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Trader Program Badges</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Badges show next to your offers on the marketplace. They are worked out every hour from your trades of the last 90 days in{' '}
          <strong>{mode} mode</strong>, and lost when the criteria are no longer met.
        </p>
      </div>
      <QueryState query={badges} loading="Loading your badges…" failure="Your badges could not be loaded.">
        {(data) => <Standing data={data} />}
      </QueryState>
    </div>
  );
}

function Standing({ data }: { data: Badges }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="badge-now" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex items-center gap-4">
          <span className={`grid h-14 w-14 shrink-0 place-items-center rounded-full ${data.current ? 'bg-amber-50 text-amber-600' : 'bg-slate-100 text-slate-400'}`}>
            <MedalIcon className="h-7 w-7" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-0.5">
            <h2 id="badge-now" className="text-lg font-semibold text-slate-900">
              {data.current ? badgeNames[data.current] : 'No badge yet'}
            </h2>
            <p className="text-sm text-slate-600">
              {data.current && data.since
                ? `Held since ${formatDateTime(data.since)}.`
                : data.lostAt
                  ? `Your last badge was lost on ${formatDateTime(data.lostAt)}.`
                  : 'Trade on the marketplace to earn one.'}
            </p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Completed trades, 90 days</dt>
            <dd className="text-xl font-bold text-slate-900">{data.trades90d.toLocaleString('en-NG')}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Completion, 90 days</dt>
            <dd className="text-xl font-bold text-slate-900">{showBps(data.completionBps)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Business verified</dt>
            <dd className="flex items-center gap-1 text-xl font-bold text-slate-900">
              {data.verified ? <ShieldCheckIcon className="h-5 w-5 text-emerald-600" aria-hidden="true" /> : null}
              {data.verified ? 'Yes' : 'Not yet'}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-slate-500">{data.computedAt ? `Last worked out ${formatDateTime(data.computedAt)}.` : 'Not worked out yet: your figures show after your first trades end.'}</p>
      </section>
      {data.verified ? null : (
        <Alert tone="info">
          <p>
            Badges go to verified businesses only.{' '}
            <Link to={paths.dashboard} className="font-semibold underline">
              Complete your business verification
            </Link>
            .
          </p>
        </Alert>
      )}
      <section aria-labelledby="levels-heading" className="space-y-3">
        <h2 id="levels-heading" className="text-base font-semibold text-slate-900">
          Levels and criteria
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {data.criteria.map((level) => {
            const held = data.current === level.level;
            const tradesLeft = Math.max(0, level.minTrades90d - data.trades90d);
            return (
              <li key={level.level} aria-label={level.name} className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${held ? 'border-amber-400' : 'border-slate-200'}`}>
                <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                  <AwardIcon className="h-5 w-5 text-amber-600" aria-hidden="true" />
                  {level.name}
                  {held ? <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-700">Yours</span> : null}
                </p>
                <p className="mt-2 text-sm text-slate-600">{level.summary}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {tradesLeft > 0 ? `${tradesLeft.toLocaleString('en-NG')} more completed trades to go.` : 'Trade count met.'} Completion needed: {showBps(level.minCompletionBps)}.
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
