import { formatNaira } from '@fipay/contracts/payments';
import type { Mode } from '@fipay/contracts/developers';
import { useId, useState } from 'react';
import FlaskIcon from 'lucide-react/icons/flask-conical';
import { useDailyTotals } from '../../../api/balance';
import { useMode } from '../../../stores/mode-store';

const currencies = ['NGN', 'USD', 'GHS'] as const;
type Currency = (typeof currencies)[number];

/**
 * 'Transaction Overview' with its NGN/USD/GHS switch: what customers paid each day of the last 30 (NGN; the other
 * currencies have none yet) in the current mode. In test mode SPEC's call to switch to live mode stays as a note
 * over the chart, and the chart says it is test data.
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
          <p className="text-sm text-slate-600">What your customers paid each day, in {currency}.</p>
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

      {mode === 'test' && (
        <div className="mt-4 flex items-start gap-3 rounded-xl border border-orange-200 bg-orange-50 px-4 py-3 text-orange-950">
          <FlaskIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-orange-600" />
          <div className="space-y-0.5 text-sm">
            <p className="font-semibold">Switch to Live Mode to see analytics</p>
            <p>Until then, this chart shows your test payments: test data, not real money.</p>
          </div>
        </div>
      )}
      <DailyChart currency={currency} mode={mode} />
    </section>
  );
}

function DailyChart({ currency, mode }: { currency: Currency; mode: Mode }) {
  const daily = useDailyTotals(currency === 'NGN');
  const test = mode === 'test';
  if (currency !== 'NGN') {
    return (
      <p className="mt-5 grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600">
        No {currency} {test ? 'test ' : ''}transactions yet.
      </p>
    );
  }
  if (daily.isPending) return <div className="mt-5 h-64 animate-pulse rounded-xl bg-slate-100" />;
  if (daily.isError) return <p className="mt-5 text-sm text-red-700">The chart could not be loaded.</p>;
  const days = daily.data.days;
  const top = Math.max(...days.map((d) => d.amount), 1);
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  const label = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-NG', { day: 'numeric', month: 'short' });
  if (total === 0) {
    return (
      <div className="mt-5 grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">No {test ? 'test ' : ''}payments in the last 30 days.</p>
          {test && <p>Pay one of your payment links with a test card to see it here.</p>}
        </div>
      </div>
    );
  }
  return (
    <div className="mt-5">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-600">
        {test && <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">Test data</span>}
        <span>
          <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatNaira(total)}</span> received in the last 30 days, before refunds
        </span>
      </p>
      <div aria-hidden="true" className="mt-3 flex h-48 items-end gap-0.5 border-b border-slate-200 sm:gap-1">
        {days.map((d) => (
          <span
            key={d.date}
            title={`${label(d.date)}: ${formatNaira(d.amount)}`}
            className={`flex-1 rounded-t ${test ? 'bg-orange-400/80' : 'bg-brand-600/80'}`}
            style={{ height: `${Math.max((d.amount / top) * 100, d.amount > 0 ? 2 : 0)}%` }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{label(days[0]!.date)}</span>
        <span>{label(days.at(-1)!.date)}</span>
      </div>
      {/* A table sizes itself to its content whatever its width says: a wrapper keeps it from widening the page. */}
      <div className="sr-only">
        <table>
          <caption>{test ? 'Test payments received per day, last 30 days' : 'Received per day, last 30 days'}</caption>
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
    </div>
  );
}
