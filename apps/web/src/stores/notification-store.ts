import type { Notification, Pagination } from '@fipay/contracts/notifications';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

type LatestData = { notifications: Notification[]; unreadCount: number };
type PageData = { notifications: Notification[]; pagination: Pagination };

type NotificationData = {
  /** The user these notifications belong to; another user's sign-in starts from nothing. */
  ownerId: string | null;
  /** The bell's list: the newest notifications, as the server last sent them. */
  latest: Notification[];
  unreadCount: number;
  /** The All Notifications list: every page loaded so far, de-duplicated by id, newest first. */
  items: Notification[];
  /** The highest page loaded in order from page 1; 0 until the first page arrives. */
  loadedPage: number;
  /** The server's figures from the last page it sent (totals kept current as newer notifications arrive). */
  pagination: Pagination | null;
};

type NotificationState = NotificationData & {
  /** Makes `userId` the owner, dropping what an earlier user left behind. */
  claim: (userId: string) => void;
  setLatest: (userId: string, latest: LatestData) => void;
  /** Page 1 as a fresh start: the list becomes exactly that page. */
  startList: (userId: string, page: PageData) => void;
  /** Any page merged into the list: a later page while scrolling, or page 1 again after a change. */
  mergePage: (userId: string, page: PageData) => void;
  markRead: (userId: string, notification: Notification, unreadCount: number) => void;
  markAllRead: (userId: string, readAt: string, unreadCount: number) => void;
  reset: () => void;
};

const initialData: NotificationData = {
  ownerId: null,
  latest: [],
  unreadCount: 0,
  items: [],
  loadedPage: 0,
  pagination: null,
};

export const NOTIFICATION_STORAGE_KEY = 'notification-storage';

/** The server's order: newest first, ties broken by id (descending), so merged pages read as one list. */
function newestFirst(a: Notification, b: Notification) {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** One entry per id: the incoming copy replaces the held one (its readAt is newer). */
export function mergeById(held: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(held.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort(newestFirst);
}

function replaceOne(list: Notification[], notification: Notification) {
  return list.map((n) => (n.id === notification.id ? notification : n));
}

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set, get) => {
      /** Applies `change` only for the current owner, claiming an empty store for the first user. */
      const forOwner = (userId: string, change: (state: NotificationData) => Partial<NotificationData>) => {
        get().claim(userId);
        set((state) => (state.ownerId === userId ? change(state) : {}));
      };
      return {
        ...initialData,
        claim: (userId) => {
          if (get().ownerId !== userId) set({ ...initialData, ownerId: userId });
        },
        setLatest: (userId, { notifications, unreadCount }) =>
          forOwner(userId, (state) => {
            if (state.loadedPage === 0) return { latest: notifications, unreadCount };
            // The newest notifications also belong at the top of the full list; the totals grow with them.
            const items = mergeById(state.items, notifications);
            const added = items.length - state.items.length;
            const pagination = state.pagination && added > 0 ? grow(state.pagination, added) : state.pagination;
            return { latest: notifications, unreadCount, items, pagination };
          }),
        startList: (userId, { notifications, pagination }) =>
          forOwner(userId, () => ({ items: mergeById([], notifications), loadedPage: 1, pagination })),
        mergePage: (userId, { notifications, pagination }) =>
          forOwner(userId, (state) => ({
            items: mergeById(state.items, notifications),
            // A page is only counted once every page before it is held, so none is ever skipped.
            loadedPage: pagination.currentPage === state.loadedPage + 1 ? pagination.currentPage : state.loadedPage,
            pagination,
          })),
        markRead: (userId, notification, unreadCount) =>
          forOwner(userId, (state) => ({
            latest: replaceOne(state.latest, notification),
            items: replaceOne(state.items, notification),
            unreadCount,
          })),
        markAllRead: (userId, readAt, unreadCount) =>
          forOwner(userId, (state) => ({
            latest: state.latest.map((n) => (n.readAt ? n : { ...n, readAt })),
            items: state.items.map((n) => (n.readAt ? n : { ...n, readAt })),
            unreadCount,
          })),
        reset: () => set(initialData),
      };
    },
    {
      name: NOTIFICATION_STORAGE_KEY,
      version: 1,
      // Rehydrating after another tab removed the key (logout) must drop the list here too.
      merge: (persisted, current) => ({ ...current, ...((persisted as Partial<NotificationData> | undefined) ?? initialData) }),
      partialize: ({ ownerId, latest, unreadCount, items, loadedPage, pagination }) => ({
        ownerId,
        latest,
        unreadCount,
        items,
        loadedPage,
        pagination,
      }),
    },
  ),
);

function grow(pagination: Pagination, added: number): Pagination {
  const totalItems = pagination.totalItems + added;
  return { ...pagination, totalItems, totalPages: Math.ceil(totalItems / pagination.pageSize) };
}

/** Whether pages remain after the ones held (page 1 .. totalPages, SPEC.md section 9). */
export function hasMorePages({ loadedPage, pagination }: Pick<NotificationData, 'loadedPage' | 'pagination'>) {
  return pagination !== null && loadedPage < pagination.totalPages;
}
