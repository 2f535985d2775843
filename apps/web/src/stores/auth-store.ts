import type { Session } from '@fipay/contracts/auth';
import type { Company, SessionUser } from '@fipay/contracts/company';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clearStoredNotifications } from '../lib/notification-storage';
import { useKycStore } from './kyc-store';

type TokenPair = Pick<Session, 'accessToken' | 'refreshToken'>;

type SessionData = {
  user: SessionUser | null;
  company: Company | null;
  accessToken: string | null;
  refreshToken: string | null;
  showBalance: boolean;
};

type AuthState = SessionData & {
  setSession: (session: Session) => void;
  setTokens: (tokens: TokenPair) => void;
  logout: () => void;
  toggleBalance: () => void;
};

export const AUTH_STORAGE_KEY = 'auth-storage';

const noSession: SessionData = {
  user: null,
  company: null,
  accessToken: null,
  refreshToken: null,
  showBalance: true,
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...noSession,
      setSession: ({ user, company, accessToken, refreshToken }) =>
        set({ user, company, accessToken, refreshToken }),
      setTokens: ({ accessToken, refreshToken }) => set({ accessToken, refreshToken }),
      logout: () => {
        // SPEC.md section 4: the company stays so the next sign-in on this device keeps its context.
        set({ user: null, accessToken: null, refreshToken: null });
        useKycStore.getState().reset();
        useKycStore.persist.clearStorage();
        clearStoredNotifications();
      },
      toggleBalance: () => set((state) => ({ showBalance: !state.showBalance })),
    }),
    {
      name: AUTH_STORAGE_KEY,
      // Rehydrating after another tab removed the key must sign this tab out, not keep what it holds.
      merge: (persisted, current) => ({ ...current, ...((persisted as Partial<SessionData> | undefined) ?? noSession) }),
      partialize: ({ user, company, accessToken, refreshToken, showBalance }) => ({
        user,
        company,
        accessToken,
        refreshToken,
        showBalance,
      }),
    },
  ),
);

export function useIsSignedIn() {
  return useAuthStore((state) => state.user !== null && state.accessToken !== null);
}
