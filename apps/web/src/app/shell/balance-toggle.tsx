import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import { assetOf } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import type { WalletValueCurrency } from '@fipay/contracts/wallet';
import { useWallet } from '../../api/wallet';
import { useAuthStore } from '../../stores/auth-store';
import { useDisplayCurrency } from '../../stores/display-currency-store';

/** From 1,000 whole units a phone shows the total in short form ('8.3K USD'): its top bar has room for about nine characters. */
const COMPACT_FROM = 1_000n;

/** `12.3K USD`, `4.5M NGN`: one decimal, rounded down, from the bigint (never a Number). */
export function shortTotal(currency: WalletValueCurrency, minor: bigint): string {
  const whole = minor / 10n ** BigInt(assetOf(currency).decimals);
  const [unit, size] = whole >= 1_000_000_000n ? ['B', 1_000_000_000n] : whole >= 1_000_000n ? ['M', 1_000_000n] : ['K', 1_000n];
  const tenths = (whole * 10n) / size;
  return `${tenths / 10n}.${tenths % 10n}${unit} ${currency}`;
}

/**
 * The top bar's balance: the wallet's total in the current mode, in the display currency ('0.00 USD' as SPEC.md shows
 * it, or NGN as chosen on the wallet page), or dots while the user has hidden it (the persisted showBalance flag).
 */
export function BalanceToggle() {
  const showBalance = useAuthStore((state) => state.showBalance);
  const toggleBalance = useAuthStore((state) => state.toggleBalance);
  const currency = useDisplayCurrency((state) => state.currency);
  const wallet = useWallet();
  const total = BigInt(wallet.data?.total?.[currency] ?? '0');
  const whole = formatAmount(currency, total, { display: 'code' });
  return (
    <div className="flex h-10 min-w-0 items-center gap-1 rounded-full border border-slate-200 bg-slate-50 pr-1 pl-3 max-sm:pl-2">
      <span className="sr-only">Balance: </span>
      {showBalance ? (
        <span className="truncate text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums max-sm:text-xs">
          {wallet.isPending ? (
            '…'
          ) : total / 10n ** BigInt(assetOf(currency).decimals) >= COMPACT_FROM ? (
            <>
              <span className="max-sm:hidden">{whole}</span>
              {/* 24.5K USD on a phone, the whole amount on the wallet page. */}
              <span className="sm:hidden" title={whole}>
                <span aria-hidden="true">{shortTotal(currency, total)}</span>
                <span className="sr-only">{whole}</span>
              </span>
            </>
          ) : (
            whole
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
