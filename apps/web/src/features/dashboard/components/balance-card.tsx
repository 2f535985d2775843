import { useId, useState } from 'react';
import ArrowDownLeftIcon from 'lucide-react/icons/arrow-down-left';
import ArrowUpRightIcon from 'lucide-react/icons/arrow-up-right';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import WalletIcon from 'lucide-react/icons/wallet';
import { formatNaira } from '@fipay/contracts/payments';
import { useBalance } from '../../../api/balance';
import { useAuthStore } from '../../../stores/auth-store';
import { Amount } from './amount';

/**
 * The current mode's money from the ledger (issue 13): available NGN, what customers paid (received)
 * and what left (refunds and payouts, sent). USD and GHS hold nothing yet.
 */
export function BalanceCard() {
  const showBalance = useAuthStore((state) => state.showBalance);
  const balance = useBalance();
  const ngn = balance.data?.find((b) => b.currency === 'NGN');
  const loading = balance.isPending ? '…' : null;
  const AVAILABLE = loading ?? formatNaira(ngn?.available ?? 0);
  const TOTAL_SENT = loading ?? formatNaira((ngn?.refunded ?? 0) + (ngn?.paidOut ?? 0));
  const TOTAL_RECEIVED = loading ?? formatNaira(ngn?.received ?? 0);
  const BALANCES = [
    { currency: 'NGN', name: 'Nigerian naira', amount: AVAILABLE },
    { currency: 'USD', name: 'US dollar', amount: '0.00 USD' },
    { currency: 'GHS', name: 'Ghanaian cedi', amount: '0.00 GHS' },
  ] as const;
  const [allOpen, setAllOpen] = useState(false);
  const headingId = useId();
  const listId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-medium text-slate-600">
          Available balance
        </h2>
        <span className="grid h-9 w-9 place-items-center rounded-full bg-brand-50 text-brand-700">
          <WalletIcon className="h-5 w-5" />
        </span>
      </div>
      <p className="mt-1 text-3xl font-bold text-slate-900">
        <Amount value={AVAILABLE} shown={showBalance} />
      </p>
      {ngn && ngn.pending > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          <Amount value={formatNaira(ngn.pending)} shown={showBalance} /> pending, available on the next business day
        </p>
      )}
      {ngn && ngn.payoutsInTransit > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          <Amount value={formatNaira(ngn.payoutsInTransit)} shown={showBalance} /> on its way to your bank account
        </p>
      )}

      <dl className="mt-5 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <ArrowUpRightIcon className="h-4 w-4 text-red-600" />
            Total sent
          </dt>
          <dd className="mt-1 text-base font-semibold text-slate-900">
            <Amount value={TOTAL_SENT} shown={showBalance} />
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <ArrowDownLeftIcon className="h-4 w-4 text-emerald-600" />
            Total received
          </dt>
          <dd className="mt-1 text-base font-semibold text-slate-900">
            <Amount value={TOTAL_RECEIVED} shown={showBalance} />
          </dd>
        </div>
      </dl>

      <div className="pt-4">
        <button
          type="button"
          aria-expanded={allOpen}
          aria-controls={listId}
          onClick={() => setAllOpen((open) => !open)}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          See all balances
          <ChevronDownIcon className={`h-4 w-4 transition-transform ${allOpen ? 'rotate-180' : ''}`} />
        </button>
        <ul id={listId} hidden={!allOpen} aria-label="All balances" className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {BALANCES.map(({ currency, name, amount }) => (
            <li key={currency} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <span className="flex items-center gap-2">
                <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{currency}</span>
                <span className="text-slate-600">{name}</span>
              </span>
              <span className="font-semibold text-slate-900">
                <Amount value={amount} shown={showBalance} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
