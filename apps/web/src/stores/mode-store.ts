import type { Mode } from '@fipay/contracts/developers';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAuthStore } from './auth-store';

export const MODE_STORAGE_KEY = 'mode-storage';

type ModeState = {
  /** Each user's last chosen mode on this browser (test until they choose live). */
  byUser: Record<string, Mode>;
  setMode: (userId: string, mode: Mode) => void;
};

export const useModeStore = create<ModeState>()(
  persist(
    (set) => ({
      byUser: {},
      setMode: (userId, mode) => set((state) => ({ byUser: { ...state.byUser, [userId]: mode } })),
    }),
    { name: MODE_STORAGE_KEY, partialize: ({ byUser }) => ({ byUser }) },
  ),
);

/** The signed-in user's mode now (read outside React: the API client's FiPay-Mode header). */
export function currentMode(): Mode {
  const userId = useAuthStore.getState().user?.id;
  return (userId && useModeStore.getState().byUser[userId]) || 'test';
}

/** The signed-in user's mode, and a way to change it. */
export function useMode(): [Mode, (mode: Mode) => void] {
  const userId = useAuthStore((state) => state.user?.id);
  const mode = useModeStore((state) => (userId && state.byUser[userId]) || 'test');
  const setMode = useModeStore((state) => state.setMode);
  return [mode, (next: Mode) => userId && setMode(userId, next)];
}
