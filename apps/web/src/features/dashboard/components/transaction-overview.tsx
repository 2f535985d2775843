import { assetCodes } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import type { Mode } from '@fipay/contracts/developers';
import type { WalletOverview } from '@fipay/contracts/wallet';
import { useId, useState } from 'react';
import FlaskIcon from 'lucide-react/icons/flask-conical';
import { useWalletOverview } from '../../../api/wallet';
import { useMode } from '../../../stores/mode-store';

const currencies = ['NGN', 'USD', 'GHS'] as const;
type Currency = (typeof currencies)[number];

/** An amount of NGN or USD from its digit string, exactly (bigint), with its symbol: ₦1,250.50, $10.00. */
const show = (asset: 'NGN' | 'USD', digits: string | bigint) => formatAmount(asset, typeof digits === 'bigint' ? digits : BigInt(digits), { display: 'symbol' });

/** A bar's height in percent of the tallest, from bigints (a share of the chart, not money: a Number is fine here). */
const share = (value: bigint, top: bigint) => (top === 0n ? 0 : Number((value * 1000n) / top) / 10);

/**
 * 'Transaction Overview' with its NGN/USD/GHS switch: what came into the wallet in the chosen asset each day of the
 * last 30, and what went out, summed by the server from the ledger in the current mode
 * (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md): payments and top-ups when paid, transfers and test
 * funds in; transfers, payouts and refunds out. FiPay holds no GHS, and the GHS switch says so. In test mode
 * SPEC's call to switch to live mode stays as a note over the chart, and the chart says it is test data.
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
          <p className="text-sm text-slate-600">Money in and out of your {currency} wallet each day.</p>
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
            <p>Until then, this chart shows your test money: test data, not real money.</p>
          </div>
        </div>
      )}
      {currency === 'GHS' ? <NoCedis /> : <DailyChart key={currency} asset={currency} mode={mode} />}
    </section>
  );
}

function NoCedis() {
  return (
    <div className="mt-5 grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">FiPay does not hold GHS.</p>
        <p>Your wallet holds {assetCodes.join(', ')}. There are no GHS transactions to show.</p>
      </div>
    </div>
  );
}

function DailyChart({ asset, mode }: { asset: 'NGN' | 'USD'; mode: Mode }) {
  const overview = useWalletOverview(asset);
  const test = mode === 'test';
  if (overview.isPending) return <div className="mt-5 h-64 animate-pulse rounded-xl bg-slate-100" />;
  if (overview.isError) return <p className="mt-5 text-sm text-red-700">The chart could not be loaded.</p>;
  return <Chart overview={overview.data} asset={asset} test={test} />;
}

function Chart({ overview, asset, test }: { overview: WalletOverview; asset: 'NGN' | 'USD'; test: boolean }) {
  const days = overview.days.map((d) => ({ date: d.date, in: BigInt(d.in), out: BigInt(d.out) }));
  const top = days.reduce((max, d) => (d.in > max ? d.in : d.out > max ? d.out : max), 0n);
  const label = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-NG', { day: 'numeric', month: 'short' });
  if (top === 0n) {
    return (
      <div className="mt-5 grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">
            No {asset} {test ? 'test ' : ''}money in or out in the last 30 days.
          </p>
          {test && <p>{asset === 'NGN' ? 'Top up your wallet with a test card, or pay one of your payment links, to see it here.' : `Add test ${asset} on your wallet page to see it here.`}</p>}
        </div>
      </div>
    );
  }
  return (
    <div className="mt-5">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600">
        {test && <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">Test data</span>}
        <span>
          <span className="text-lg font-semibold text-emerald-700 tabular-nums">{show(asset, overview.totals.in)}</span> in
        </span>
        <span>
          <span className="text-lg font-semibold text-slate-900 tabular-nums">{show(asset, overview.totals.out)}</span> out
        </span>
        <span>in the last 30 days</span>
      </p>
      {/* Money in rises above the line, money out hangs below it, on one scale. */}
      <div aria-hidden="true" className="mt-3 flex h-32 items-end gap-0.5 border-b border-slate-300 sm:gap-1">
        {days.map((d) => (
          <span
            key={d.date}
            title={`${label(d.date)}: ${show(asset, d.in)} in`}
            className={`flex-1 rounded-t ${test ? 'bg-orange-400/80' : 'bg-brand-600/80'}`}
            style={{ height: `${Math.max(share(d.in, top), d.in > 0n ? 2 : 0)}%` }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="flex h-16 items-start gap-0.5 sm:gap-1">
        {days.map((d) => (
          <span
            key={d.date}
            title={`${label(d.date)}: ${show(asset, d.out)} out`}
            className="flex-1 rounded-b bg-slate-400/80"
            style={{ height: `${Math.max(share(d.out, top), d.out > 0n ? 2 : 0)}%` }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{label(days[0]!.date)}</span>
        <span className="flex gap-3">
          <span className="flex items-center gap-1">
            <span className={`h-2 w-2 rounded-sm ${test ? 'bg-orange-400' : 'bg-brand-600'}`} /> In
          </span>
          <span className="flex items-center gap-1">
            <span className="h-2 w-2 rounded-sm bg-slate-400" /> Out
          </span>
        </span>
        <span>{label(days.at(-1)!.date)}</span>
      </div>
      {/* A table sizes itself to its content whatever its width says: a wrapper keeps it from widening the page. */}
      <div className="sr-only">
        <table>
          <caption>{test ? `Test ${asset} in and out per day, last 30 days` : `${asset} in and out per day, last 30 days`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">In</th>
              <th scope="col">Out</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.in > 0n || d.out > 0n)
              .map((d) => (
                <tr key={d.date}>
                  <th scope="row">{label(d.date)}</th>
                  <td>{show(asset, d.in)}</td>
                  <td>{show(asset, d.out)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
