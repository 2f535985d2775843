import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import { formatNaira } from '@fipay/contracts/payments';
import { useBalance } from '../../api/balance';
import { koboToShortNaira } from '../../features/payments/money';
import { useAuthStore } from '../../stores/auth-store';

/** From ₦10,000 (in kobo) either way a phone shows the balance in short form; refunds can take it below zero. */
const COMPACT_FROM = 1_000_000;

/** The top bar's available balance in the current mode, or dots while the user has hidden it (the persisted showBalance flag). */
export function BalanceToggle() {
  const showBalance = useAuthStore((state) => state.showBalance);
  const balance = useBalance();
  const available = balance.data?.find((b) => b.currency === 'NGN')?.available ?? 0;
  const toggleBalance = useAuthStore((state) => state.toggleBalance);
  return (
    <div className="flex h-10 min-w-0 items-center gap-1 rounded-full border border-slate-200 bg-slate-50 pr-1 pl-3 max-sm:pl-2">
      <span className="sr-only">Balance: </span>
      {showBalance ? (
        <span className={`truncate text-sm font-semibold whitespace-nowrap tabular-nums max-sm:text-xs ${available < 0 ? 'text-red-700' : 'text-slate-900'}`}>
          {balance.isPending ? (
            '…'
          ) : Math.abs(available) >= COMPACT_FROM ? (
            <>
              <span className="max-sm:hidden">{formatNaira(available)}</span>
              {/* A phone's top bar has room for about eight characters: ₦24.5K there, the whole amount on the dashboard. */}
              <span className="sm:hidden" title={formatNaira(available)}>
                <span aria-hidden="true">{koboToShortNaira(available)}</span>
                <span className="sr-only">{formatNaira(available)}</span>
              </span>
            </>
          ) : (
            formatNaira(available)
          )}
        </span>
      ) : (
        <span className="text-sm font-semibold tracking-widest text-slate-900">
          <span aria-hidden="true">••••••</span>
          <span className="sr-only">hidden</span>
        </span>
      )}
      <button
        type="button"
        onClick={toggleBalance}
        aria-label={showBalance ? 'Hide balance' : 'Show balance'}
        className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {showBalance ? <EyeOffIcon className="h-4.5 w-4.5" /> : <EyeIcon className="h-4.5 w-4.5" />}
      </button>
    </div>
  );
}
