import type { Statistics, StatisticsWindow } from '@fipay/contracts/reputation';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { useMode } from '../../../stores/mode-store';
import { useTradeStatistics } from '../api/reputation';
import { showAmount, showBps, showDuration } from '../reputation-format';

type Window = 'last30Days' | 'allTime';

/** '/dashboard/statistics': the business's trades over the last 30 days and all time, and a chart of each day. */
export function StatisticsPage() {
  const [mode] = useMode();
  const statistics = useTradeStatistics();
  const [window, setWindow] = useState<Window>('last30Days');
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Trade Statistics</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            Your marketplace trades in <strong>{mode} mode</strong>, counted by when they opened.
          </p>
        </div>
        <SegmentedTabs
          label="Period"
          value={window}
          onChange={setWindow}
          options={[
            ['last30Days', 'Last 30 days'],
            ['allTime', 'All time'],
          ]}
        />
      </div>
      <QueryState query={statistics} loading="Loading your statistics…" failure="Your statistics could not be loaded.">
        {(data) => (
          <div className="space-y-6">
            <Figures figures={data[window]} />
            <DailyChart daily={data.daily} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

function Figures({ figures }: { figures: StatisticsWindow }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Trades" value={String(figures.trades)} detail={`${figures.completed} completed, ${figures.cancelled} cancelled`} />
        <Figure label="Completion rate" value={showBps(figures.completionBps)} detail="of trades that ended" />
        <Figure label="Average pay time" value={showDuration(figures.avgPaySeconds)} detail="when you buy" />
        <Figure label="Average release time" value={showDuration(figures.avgReleaseSeconds)} detail="when you sell" />
        <Figure label="Disputes opened" value={String(figures.disputesOpened)} detail="by you" />
        <Figure label="Disputes lost" value={String(figures.disputesLost)} detail="ruled for the other side" />
        <Figure label="Positive feedback" value={String(figures.positiveFeedback)} />
        <Figure label="Negative feedback" value={String(figures.negativeFeedback)} />
      </dl>
      <section aria-labelledby="volume-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <h2 id="volume-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
          Completed volume per asset
        </h2>
        {figures.volume.length === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">No completed trades in this period.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium sm:px-5">Asset</th>
                <th scope="col" className="px-4 py-2 text-right font-medium sm:px-5">Bought</th>
                <th scope="col" className="px-4 py-2 text-right font-medium sm:px-5">Sold</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {figures.volume.map((v) => (
                <tr key={v.asset}>
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900 sm:px-5">{v.asset}</th>
                  <td className="px-4 py-2 text-right break-all text-slate-700 sm:px-5">{showAmount(v.asset, v.bought)}</td>
                  <td className="px-4 py-2 text-right break-all text-slate-700 sm:px-5">{showAmount(v.asset, v.sold)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Trades opened each day (bar) and those completed (darker part), the last 30 days; an SVG, no chart library. */
function DailyChart({ daily }: { daily: Statistics['daily'] }) {
  const most = Math.max(1, ...daily.map((d) => d.trades));
  const width = 600;
  const height = 160;
  const slot = width / daily.length;
  const bar = Math.max(2, slot * 0.7);
  const total = daily.reduce((sum, d) => sum + d.trades, 0);
  return (
    <section aria-labelledby="daily-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="daily-heading" className="text-sm font-semibold text-slate-900">
          Trades per day, last 30 days
        </h2>
        <p className="flex items-center gap-3 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-sm bg-slate-300" aria-hidden="true" /> Opened
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" aria-hidden="true" /> Completed
          </span>
        </p>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height + 1}`}
        role="img"
        aria-label={`${total} trades opened in the last 30 days, at most ${most} in a day`}
        className="mt-3 h-40 w-full"
        preserveAspectRatio="none"
      >
        {daily.map((day, index) => {
          const x = index * slot + (slot - bar) / 2;
          const opened = (day.trades / most) * height;
          const completed = (day.completed / most) * height;
          return (
            <g key={day.date}>
              <title>{`${day.date}: ${day.trades} opened, ${day.completed} completed`}</title>
              <rect x={x} y={height - opened} width={bar} height={opened} className="fill-slate-300" />
              <rect x={x} y={height - completed} width={bar} height={completed} className="fill-brand-600" />
            </g>
          );
        })}
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300" strokeWidth="1" vectorEffect="non-scaling-stroke" />
      </svg>
      {/* The dates outside the SVG: it stretches to the width, and text inside would stretch with it. */}
      <p className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{daily[0]?.date}</span>
        <span>{daily.at(-1)?.date}</span>
      </p>
    </section>
  );
}
