import type { Reviewer, ReviewerSession } from '@fipay/contracts/back-office';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type AdminSessionState = {
  session: ReviewerSession | null;
  reviewer: Reviewer | null;
  setSession: (session: ReviewerSession, reviewer: Reviewer | null) => void;
  setReviewer: (reviewer: Reviewer) => void;
  clear: () => void;
};

export const ADMIN_SESSION_KEY = 'admin-session';

/**
 * The reviewer's back-office session: its own store, kept apart from the company session
 * (`auth-storage`), and in sessionStorage so it ends with the tab.
 */
export const useAdminSession = create<AdminSessionState>()(
  persist(
    (set) => ({
      session: null,
      reviewer: null,
      setSession: (session, reviewer) => set({ session, reviewer }),
      setReviewer: (reviewer) => set({ reviewer }),
      clear: () => set({ session: null, reviewer: null }),
    }),
    {
      name: ADMIN_SESSION_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ session, reviewer }) => ({ session, reviewer }),
    },
  ),
);

export const isFullSession = (session: ReviewerSession | null) => session?.scope === 'full';
