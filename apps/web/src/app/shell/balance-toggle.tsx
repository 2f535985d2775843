import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import { useAuthStore } from '../../stores/auth-store';

/** The top bar's balance, or dots while the user has hidden it (the persisted showBalance flag). */
export function BalanceToggle() {
  const showBalance = useAuthStore((state) => state.showBalance);
  const toggleBalance = useAuthStore((state) => state.toggleBalance);
  return (
    <div className="flex h-10 items-center gap-1 rounded-full border border-slate-200 bg-slate-50 pr-1 pl-3">
      <span className="sr-only">Balance: </span>
      {showBalance ? (
        <span className="text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums">
          0.00 USD
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
        className="grid h-8 w-8 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {showBalance ? <EyeOffIcon className="h-4.5 w-4.5" /> : <EyeIcon className="h-4.5 w-4.5" />}
      </button>
    </div>
  );
}
