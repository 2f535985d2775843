import type { Application } from '@fipay/contracts/company';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

// The bank list and lookup result have no contract schema yet; the bank-details step will narrow these.
type BankRecord = Record<string, unknown>;

type KycData = {
  businessType: Application['businessType'];
  businessProfile: Application['businessProfile'];
  documents: Application['documents'];
  representatives: Application['representatives'];
  banks: BankRecord[];
  bankDetails: Application['bankDetails'];
  resolvedAccount: BankRecord | null;
};

type KycState = KycData & {
  hydrateFromApplication: (application: Application) => void;
  reset: () => void;
};

const initialData: KycData = {
  businessType: null,
  businessProfile: null,
  documents: [],
  representatives: [],
  banks: [],
  bankDetails: null,
  resolvedAccount: null,
};

export const KYC_STORAGE_KEY = 'kyc-storage';

export const useKycStore = create<KycState>()(
  persist(
    (set) => ({
      ...initialData,
      hydrateFromApplication: (application) =>
        set({
          businessType: application.businessType,
          businessProfile: application.businessProfile,
          documents: application.documents,
          representatives: application.representatives,
          bankDetails: application.bankDetails,
          resolvedAccount: null,
        }),
      reset: () => set(initialData),
    }),
    {
      name: KYC_STORAGE_KEY,
      // Rehydrating after another tab removed the key (logout, bank submitted) must drop the drafts here too.
      merge: (persisted, current) => ({ ...current, ...((persisted as Partial<KycData> | undefined) ?? initialData) }),
      partialize: ({ resolvedAccount: _resolved, hydrateFromApplication: _h, reset: _r, ...persisted }) => persisted,
    },
  ),
);
