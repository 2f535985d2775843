import type { WalletValueCurrency } from '@fipay/contracts/wallet';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const DISPLAY_CURRENCY_STORAGE_KEY = 'display-currency';

type DisplayCurrencyState = {
  /** The currency the wallet's total is shown in, in the top bar and on the wallet page (USD as SPEC.md shows it). */
  currency: WalletValueCurrency;
  setCurrency: (currency: WalletValueCurrency) => void;
};

export const useDisplayCurrency = create<DisplayCurrencyState>()(
  persist(
    (set) => ({
      currency: 'USD',
      setCurrency: (currency) => set({ currency }),
    }),
    { name: DISPLAY_CURRENCY_STORAGE_KEY, partialize: ({ currency }) => ({ currency }) },
  ),
);
