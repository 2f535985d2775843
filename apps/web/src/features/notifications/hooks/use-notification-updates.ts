import { useEffect } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import { refreshLatest } from '../api/notification-sync';

/** How often an open, visible dashboard asks for new notifications (docs/decisions/0008). */
export const NOTIFICATION_POLL_MS = 30_000;

/** The signed-in user's id while there is a token, else null. */
export function useSignedInUserId() {
  return useAuthStore((state) => (state.user && state.accessToken ? state.user.id : null));
}

/**
 * Keeps the bell current: loads the latest notifications when a user and token are present
 * (SPEC.md section 4), then every 30 s while the tab is visible, and at once when the tab is
 * shown or focused again. A hidden tab asks nothing.
 */
export function useNotificationUpdates() {
  const userId = useSignedInUserId();

  useEffect(() => {
    if (!userId) return;
    useNotificationStore.getState().claim(userId);
    void refreshLatest();

    let timer: number | undefined;
    const start = () => {
      if (timer === undefined) timer = window.setInterval(() => void refreshLatest(), NOTIFICATION_POLL_MS);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        stop();
        return;
      }
      void refreshLatest();
      start();
    };
    const onFocus = () => void refreshLatest();

    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('focus', onFocus);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('focus', onFocus);
    };
  }, [userId]);
}

/** The store's data when it belongs to the signed-in user; nothing while another user's is still held. */
export function useOwnNotifications() {
  const userId = useSignedInUserId();
  const ownerId = useNotificationStore((state) => state.ownerId);
  const latest = useNotificationStore((state) => state.latest);
  const unreadCount = useNotificationStore((state) => state.unreadCount);
  const items = useNotificationStore((state) => state.items);
  const loadedPage = useNotificationStore((state) => state.loadedPage);
  const pagination = useNotificationStore((state) => state.pagination);
  const mine = userId !== null && ownerId === userId;
  return {
    userId,
    latest: mine ? latest : [],
    unreadCount: mine ? unreadCount : 0,
    items: mine ? items : [],
    loadedPage: mine ? loadedPage : 0,
    pagination: mine ? pagination : null,
  };
}
