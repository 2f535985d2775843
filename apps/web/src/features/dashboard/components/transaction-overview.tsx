import { formatNaira } from '@fipay/contracts/payments';
import { useId, useState } from 'react';
import BarChartIcon from 'lucide-react/icons/chart-column';
import { useDailyTotals } from '../../../api/balance';
import { useMode } from '../../../stores/mode-store';

const currencies = ['NGN', 'USD', 'GHS'] as const;
type Currency = (typeof currencies)[number];

// The empty chart's outline: decorative bars that show where the figures will go.
const ghostBars = [38, 62, 45, 80, 55, 70, 48, 90, 66, 58, 74, 52];

/**
 * 'Transaction Overview' with its NGN/USD/GHS switch: in live mode, what customers paid each day of the
 * last 30 (NGN; the other currencies have none yet); in test mode, SPEC's call to switch to live mode.
 */
export function TransactionOverview() {
  const [currency, setCurrency] = useState<Currency>('NGN');
  const [mode] = useMode();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Transaction Overview
          </h2>
          <p className="text-sm text-slate-600">Money in and out of your business, in {currency}.</p>
        </div>
        <div role="group" aria-label="Currency" className="inline-flex rounded-lg bg-slate-100 p-1">
          {currencies.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={currency === code}
              onClick={() => setCurrency(code)}
              className={`h-8 rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
                currency === code ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {code}
            </button>
          ))}
        </div>
      </div>

      {mode === 'live' ? <LiveChart currency={currency} /> : <SwitchToLive currency={currency} />}
    </section>
  );
}

function LiveChart({ currency }: { currency: Currency }) {
  const daily = useDailyTotals(currency === 'NGN');
  if (currency !== 'NGN') {
    return <p className="mt-5 grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600">No {currency} transactions yet.</p>;
  }
  if (daily.isPending) return <div className="mt-5 h-64 animate-pulse rounded-xl bg-slate-100" />;
  if (daily.isError) return <p className="mt-5 text-sm text-red-700">The chart could not be loaded.</p>;
  const days = daily.data.days;
  const top = Math.max(...days.map((d) => d.amount), 1);
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  const label = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-NG', { day: 'numeric', month: 'short' });
  return (
    <div className="mt-5">
      <p className="text-sm text-slate-600">
        <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatNaira(total)}</span> received in the last 30 days
      </p>
      <div aria-hidden="true" className="mt-3 flex h-48 items-end gap-0.5 border-b border-slate-200 sm:gap-1">
        {days.map((d) => (
          <span key={d.date} title={`${label(d.date)}: ${formatNaira(d.amount)}`} className="flex-1 rounded-t bg-brand-600/80" style={{ height: `${Math.max((d.amount / top) * 100, d.amount > 0 ? 2 : 0)}%` }} />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{label(days[0]!.date)}</span>
        <span>{label(days.at(-1)!.date)}</span>
      </div>
      <table className="sr-only">
        <caption>Received per day, last 30 days</caption>
        <tbody>
          {days.filter((d) => d.amount > 0).map((d) => (
            <tr key={d.date}>
              <th scope="row">{label(d.date)}</th>
              <td>{formatNaira(d.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SwitchToLive({ currency }: { currency: Currency }) {
  return (
    <div className="relative mt-5 h-64 overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50/60">
      <div aria-hidden="true" className="absolute inset-x-4 bottom-4 flex h-40 items-end gap-2 opacity-50 sm:gap-3">
        {ghostBars.map((height, index) => (
          <span key={index} className="flex-1 rounded-t bg-slate-200" style={{ height: `${height}%` }} />
        ))}
      </div>
      <div className="absolute inset-0 grid place-items-center p-4">
        <div className="flex max-w-sm flex-col items-center gap-2 rounded-xl bg-white/90 px-5 py-4 text-center shadow-sm ring-1 ring-slate-200/70 backdrop-blur-sm">
          <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-50 text-brand-700">
            <BarChartIcon className="h-5 w-5" />
          </span>
          <p className="text-sm font-semibold text-slate-900">Switch to Live Mode to see analytics</p>
          <p className="text-sm text-slate-600">Your {currency} transactions will be charted here once your account is live.</p>
        </div>
      </div>
    </div>
  );
}
