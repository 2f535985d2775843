import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore } from '../../../stores/notification-store';
import {
  getLatestNotifications,
  getNotificationPage,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications-api';

// SPEC.md section 8: notification failures are only logged; the user sees no message.
function logFailure(what: string) {
  return (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.error(what, error);
  };
}

/** The signed-in user's id, or null: notifications are fetched only with a user and a token (SPEC.md section 4). */
function signedInUserId(): string | null {
  const { user, accessToken } = useAuthStore.getState();
  return user && accessToken ? user.id : null;
}

/**
 * Counts the changes this tab has made. An answer to a read that started before a change may
 * predate it (an unread count from before 'Mark as read'), so it is dropped rather than shown.
 */
let changes = 0;
let pendingLatest: { change: number; promise: Promise<void> } | null = null;

/** Loads the bell's list and unread count. Callers at the same moment (poll, focus, a change) share one request. */
export function refreshLatest(): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return Promise.resolve();
  if (pendingLatest?.change === changes) return pendingLatest.promise;
  const change = changes;
  const promise = getLatestNotifications()
    .then(({ data }) => {
      if (change === changes && signedInUserId() === userId) useNotificationStore.getState().setLatest(userId, data);
    })
    .catch(logFailure('Loading the latest notifications failed'))
    .finally(() => {
      if (pendingLatest?.promise === promise) pendingLatest = null;
    });
  pendingLatest = { change, promise };
  return promise;
}

/**
 * Loads one page of the All Notifications list. `start` makes page 1 the whole list (opening the
 * page); otherwise the page is merged in by id. Resolves to whether the page arrived.
 */
export async function loadNotificationPage(page: number, mode: 'start' | 'merge', signal?: AbortSignal): Promise<boolean> {
  const userId = signedInUserId();
  if (!userId) return false;
  const change = changes;
  try {
    const { data } = await getNotificationPage(page, signal);
    if (signedInUserId() !== userId || signal?.aborted) return false;
    // Read before this tab changed something (a 'Mark as read' meanwhile): it may be stale, so read it again.
    if (change !== changes) return loadNotificationPage(page, mode, signal);
    const store = useNotificationStore.getState();
    if (mode === 'start') store.startList(userId, data);
    else store.mergePage(userId, data);
    return true;
  } catch (error) {
    logFailure(`Loading notifications page ${page} failed`)(error);
    return false;
  }
}

/** SPEC.md section 4: after 'Mark as read' the latest list and page 1 of the list are fetched again. */
function refetchAfterChange() {
  const listOpen = useNotificationStore.getState().loadedPage > 0;
  return Promise.all([refreshLatest(), listOpen ? loadNotificationPage(1, 'merge') : Promise.resolve(true)]).then(() => undefined);
}

export async function markOneRead(id: string): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return;
  try {
    const { data } = await markNotificationRead(id);
    changes += 1;
    useNotificationStore.getState().markRead(userId, data.notification, data.unreadCount);
  } catch (error) {
    logFailure('Marking the notification as read failed')(error);
    return;
  }
  await refetchAfterChange();
}

export async function markEveryRead(): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return;
  try {
    const { data } = await markAllNotificationsRead();
    changes += 1;
    useNotificationStore.getState().markAllRead(userId, new Date().toISOString(), data.unreadCount);
  } catch (error) {
    logFailure('Marking all notifications as read failed')(error);
    return;
  }
  await refetchAfterChange();
}
