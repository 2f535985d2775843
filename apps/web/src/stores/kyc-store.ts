import type { Application, BusinessProfileRecord } from '@fipay/contracts/company';
import type { Bank, DocumentInput, ResolvedAccount } from '@fipay/contracts/kyb';
import type { DocKey } from '@fipay/contracts/kyb-options';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** A file uploaded to storage for a document slot but not yet submitted with the documents step. */
export type DocumentDraft = Omit<DocumentInput, 'docKey' | 'cacRegNumber'> & {
  docKey: DocKey;
  contentType: string;
  size: number;
};

/** The profile as the business-profile step keeps it: a draft while typing, the server's record after sign-in. */
export type BusinessProfileDraft = BusinessProfileRecord & { userId?: string; companyId?: string };

type KycData = {
  businessType: Application['businessType'];
  businessProfile: BusinessProfileDraft | null;
  documents: Application['documents'];
  representatives: Application['representatives'];
  /** Uploaded files waiting for the documents step's Continue; each replaces the saved document of its slot. */
  documentDrafts: DocumentDraft[];
  banks: Bank[];
  bankDetails: Application['bankDetails'];
  resolvedAccount: ResolvedAccount | null;
  /** The first step not yet saved (the server's progress.currentStep); the steps before it are done. */
  currentStep: number;
};

type KycState = KycData & {
  hydrateFromApplication: (application: Application) => void;
  setBusinessType: (businessType: Application['businessType']) => void;
  setBusinessProfile: (businessProfile: BusinessProfileDraft | null) => void;
  /** Records a successful save of `step`; progress never goes backwards, as on the server. */
  completeStep: (step: number) => void;
  saveDocumentDraft: (draft: DocumentDraft) => void;
  /** Forgets a slot's file locally, draft and saved record alike; the server keeps its copy until replaced. */
  removeDocument: (docKey: DocKey) => void;
  clearDocumentDrafts: () => void;
  /** The server's documents after a successful submission; the drafts are then part of them. */
  setDocuments: (documents: Application['documents']) => void;
  setRepresentatives: (representatives: Application['representatives']) => void;
  setBanks: (banks: Bank[]) => void;
  setResolvedAccount: (resolvedAccount: ResolvedAccount | null) => void;
  reset: () => void;
};

const initialData: KycData = {
  businessType: null,
  businessProfile: null,
  documents: [],
  representatives: [],
  documentDrafts: [],
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
      saveDocumentDraft: (draft) =>
        set((state) => ({
          documentDrafts: [...state.documentDrafts.filter((d) => d.docKey !== draft.docKey), draft],
        })),
      removeDocument: (docKey) =>
        set((state) => ({
          documentDrafts: state.documentDrafts.filter((d) => d.docKey !== docKey),
          documents: state.documents.filter((d) => d.docKey !== docKey),
        })),
      clearDocumentDrafts: () => set({ documentDrafts: [] }),
      setDocuments: (documents) => set({ documents, documentDrafts: [] }),
      setRepresentatives: (representatives) => set({ representatives }),
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
