import type { Notification, Pagination } from '@fipay/contracts/notifications';

export const NOTIFICATION_STORAGE_KEY = 'notification-storage';
const VERSION = 1;

/** What a browser keeps of one user's notifications between visits (SPEC.md: persisted locally, de-duplicated by id). */
export type StoredNotifications = {
  ownerId: string;
  /** The bell's list: the newest notifications, as the server last sent them. */
  latest: Notification[];
  unreadCount: number;
  /** The All Notifications list as last shown, de-duplicated by id, newest first. */
  items: Notification[];
  /** How many pages of the list it holds, in order from page 1. */
  loadedPage: number;
  pagination: Pagination | null;
};

/** `userId`'s stored notifications; another user's never show. */
export function readStoredNotifications(userId: string): StoredNotifications | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(NOTIFICATION_STORAGE_KEY) ?? 'null') as { state?: StoredNotifications } | null;
    return parsed?.state?.ownerId === userId ? parsed.state : null;
  } catch {
    return null;
  }
}

/** Writes part of `userId`'s stored notifications, dropping whatever an earlier user left. */
export function storeNotifications(userId: string, change: Partial<Omit<StoredNotifications, 'ownerId'>>) {
  const held = readStoredNotifications(userId) ?? { ownerId: userId, latest: [], unreadCount: 0, items: [], loadedPage: 0, pagination: null };
  try {
    localStorage.setItem(NOTIFICATION_STORAGE_KEY, JSON.stringify({ state: { ...held, ...change }, version: VERSION }));
  } catch {
    // Storage full or blocked: the notifications still show, they are just not kept for the next visit.
  }
}

export function clearStoredNotifications() {
  localStorage.removeItem(NOTIFICATION_STORAGE_KEY);
}
