import type { Application, BusinessProfileRecord } from '@fipay/contracts/company';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

// The bank list and lookup result have no contract schema yet; the bank-details step will narrow these.
type BankRecord = Record<string, unknown>;

/** The profile as the business-profile step keeps it: a draft while typing, the server's record after sign-in. */
export type BusinessProfileDraft = BusinessProfileRecord & { userId?: string; companyId?: string };

type KycData = {
  businessType: Application['businessType'];
  businessProfile: BusinessProfileDraft | null;
  documents: Application['documents'];
  representatives: Application['representatives'];
  banks: BankRecord[];
  bankDetails: Application['bankDetails'];
  resolvedAccount: BankRecord | null;
  /** The first step not yet saved (the server's progress.currentStep); the steps before it are done. */
  currentStep: number;
};

type KycState = KycData & {
  hydrateFromApplication: (application: Application) => void;
  setBusinessType: (businessType: Application['businessType']) => void;
  setBusinessProfile: (businessProfile: BusinessProfileDraft | null) => void;
  /** Records a successful save of `step`; progress never goes backwards, as on the server. */
  completeStep: (step: number) => void;
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
  currentStep: 1,
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
          currentStep: application.progress.currentStep,
        }),
      setBusinessType: (businessType) => set({ businessType }),
      setBusinessProfile: (businessProfile) => set({ businessProfile }),
      completeStep: (step) => set((state) => ({ currentStep: Math.max(state.currentStep, step + 1) })),
      reset: () => set(initialData),
    }),
    {
      name: KYC_STORAGE_KEY,
      // Rehydrating after another tab removed the key (logout, bank submitted) must drop the drafts here too.
      merge: (persisted, current) => ({ ...current, ...((persisted as Partial<KycData> | undefined) ?? initialData) }),
      // Actions never reach storage (whoever adds one need not list it here); the account lookup is per visit.
      partialize: ({ resolvedAccount: _resolved, ...state }) =>
        Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function')) as Omit<
          KycData,
          'resolvedAccount'
        >,
    },
  ),
);
