import { useId } from 'react';
import { Link } from 'react-router';
import ArrowDownLeftIcon from 'lucide-react/icons/arrow-down-left';
import ArrowUpRightIcon from 'lucide-react/icons/arrow-up-right';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import UndoIcon from 'lucide-react/icons/undo-2';
import WalletIcon from 'lucide-react/icons/wallet';
import { formatNaira } from '@fipay/contracts/payments';
import { useBalance } from '../../../api/balance';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { Amount } from '../../../components/ui/amount';

/**
 * The current mode's money from the ledger: available NGN (below zero when refunds were taken from payments
 * still pending), what was paid out to the bank (sent), and what customers paid (received, before refunds),
 * with the refunds on a line of their own. 'See all balances' opens the wallet, where every asset is.
 */
export function BalanceCard() {
  const showBalance = useAuthStore((state) => state.showBalance);
  const balance = useBalance();
  const ngn = balance.data?.find((b) => b.currency === 'NGN');
  const loading = balance.isPending ? '…' : null;
  const AVAILABLE = loading ?? formatNaira(ngn?.available ?? 0);
  // Sent is what reached the bank: payouts paid. Refunds went back to customers, not to the business.
  const TOTAL_SENT = loading ?? formatNaira(ngn?.paidOut ?? 0);
  const TOTAL_RECEIVED = loading ?? formatNaira(ngn?.received ?? 0);
  const REFUNDED = loading ?? formatNaira(ngn?.refunded ?? 0);
  const AFTER_REFUNDS = loading ?? formatNaira((ngn?.received ?? 0) - (ngn?.refunded ?? 0));
  const overdrawn = (ngn?.available ?? 0) < 0;
  const headingId = useId();

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
      <p className={`mt-1 text-3xl font-bold ${overdrawn && showBalance ? 'text-red-700' : 'text-slate-900'}`}>
        <Amount value={AVAILABLE} shown={showBalance} />
      </p>
      {overdrawn && showBalance && (
        <p className="mt-1 text-xs text-red-700">Refunds taken from payments still on their way to you. Your next payments make this up before anything is paid out.</p>
      )}
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
          <dd className="mt-0.5 text-xs text-slate-500">Paid out to your bank</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <ArrowDownLeftIcon className="h-4 w-4 text-emerald-600" />
            Total received
          </dt>
          <dd className="mt-1 text-base font-semibold text-slate-900">
            <Amount value={TOTAL_RECEIVED} shown={showBalance} />
          </dd>
          <dd className="mt-0.5 text-xs text-slate-500">Before refunds</dd>
        </div>
        <div className="col-span-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-xl bg-slate-50 px-3 py-2.5">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <UndoIcon className="h-4 w-4 text-slate-500" />
            Refunded to customers
          </dt>
          <dd className="text-sm font-semibold text-slate-900">
            <Amount value={REFUNDED} shown={showBalance} />
          </dd>
          <dd className="basis-full text-xs text-slate-500">
            <Amount value={AFTER_REFUNDS} shown={showBalance} /> received after refunds
          </dd>
        </div>
      </dl>

      <div className="pt-4">
        <Link
          to={paths.wallet}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          See all balances
          <ChevronRightIcon className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
