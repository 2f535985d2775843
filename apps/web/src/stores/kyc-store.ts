import type { Application, BusinessProfileRecord } from '@fipay/contracts/company';
import type { Bank, DocumentInput, ResolvedAccount } from '@fipay/contracts/kyb';
import type { DocKey } from '@fipay/contracts/kyb-options';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * A file a document slot holds: one uploaded to storage this visit and not yet submitted, or one
 * the server already has (its record). The server's record of a slot stays the query's; a draft
 * with the saved file's objectKey is that saved file, not a new one.
 */
export type DocumentDraft = Omit<DocumentInput, 'docKey' | 'cacRegNumber'> & {
  docKey: DocKey;
  contentType: string;
  size: number;
};

/** The profile as the business-profile step keeps it while the user types. */
export type BusinessProfileDraft = BusinessProfileRecord & { userId?: string; companyId?: string };

/**
 * What the person typed, chose or uploaded and has not saved (docs/decisions/0018): the saved
 * application is the company query's. Each step starts from its draft when there is one; a
 * successful save clears it.
 */
type KycData = {
  businessType: Application['businessType'];
  businessProfile: BusinessProfileDraft | null;
  /** The files the documents step's slots hold, once the user changed one; empty means "as saved". */
  documents: DocumentDraft[];
  representatives: Application['representatives'];
  /** The bank list as last loaded: the bank query's placeholder, kept for SPEC.md's kyc-storage. */
  banks: Bank[];
  bankDetails: Application['bankDetails'];
  resolvedAccount: ResolvedAccount | null;
};

type KycState = KycData & {
  /** SPEC.md section 4: sign-in copies the application into the onboarding store. */
  hydrateFromApplication: (application: Application) => void;
  setBusinessProfile: (businessProfile: BusinessProfileDraft | null) => void;
  setDocuments: (documents: DocumentDraft[]) => void;
  /** A saved step has no draft left; the query holds what was saved. */
  clearDraft: (field: 'businessType' | 'businessProfile' | 'documents' | 'representatives') => void;
  setBanks: (banks: Bank[]) => void;
  setResolvedAccount: (resolvedAccount: ResolvedAccount | null) => void;
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
      setBusinessProfile: (businessProfile) => set({ businessProfile }),
      setDocuments: (documents) => set({ documents }),
      clearDraft: (field) => set({ [field]: initialData[field] }),
      setBanks: (banks) => set({ banks }),
      setResolvedAccount: (resolvedAccount) => set({ resolvedAccount }),
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
