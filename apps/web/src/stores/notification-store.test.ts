import type { Notification } from '@fipay/contracts/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasMorePages, NOTIFICATION_STORAGE_KEY, useNotificationStore } from './notification-store';

const ADA = 'user-ada';
const BOLA = 'user-bola';

/** Notification n of a list where 1 is the newest. */
function n(index: number, readAt: string | null = null): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(1000 - index).padStart(12, '0')}`,
    title: `Item ${index}`,
    message: `Body ${index}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - index * 60_000).toISOString(),
    readAt,
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => n(from + i));
const page = (currentPage: number, notifications: Notification[], totalItems = 25) => ({
  notifications,
  pagination: { currentPage, totalPages: Math.ceil(totalItems / 10), pageSize: 10, totalItems },
});
const titles = () => useNotificationStore.getState().items.map((item) => item.title);

describe('notification store', () => {
  beforeEach(() => {
    localStorage.clear();
    useNotificationStore.getState().reset();
  });

  it('persists the bell and the list under notification-storage, and nothing else', () => {
    useNotificationStore.getState().setLatest(ADA, { notifications: [n(1)], unreadCount: 1 });
    useNotificationStore.getState().startList(ADA, page(1, range(1, 10)));
    const stored = JSON.parse(localStorage.getItem(NOTIFICATION_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['items', 'latest', 'loadedPage', 'ownerId', 'pagination', 'unreadCount']);
    expect(stored.state).toMatchObject({ ownerId: ADA, unreadCount: 1, loadedPage: 1 });
    expect((stored.state.items as Notification[]).map((item) => item.title)).toEqual(titles());
  });

  it('merges pages de-duplicated by id, newest first, the later copy winning', () => {
    const store = useNotificationStore.getState();
    store.startList(ADA, page(1, range(1, 10)));
    // A new notification arrived before page 2 was read: page 2 now repeats item 10 of page 1.
    store.mergePage(ADA, page(2, [{ ...n(10), readAt: '2026-11-20T13:00:00.000Z' }, ...range(11, 19)], 26));
    expect(titles()).toEqual(range(1, 19).map((item) => item.title));
    expect(useNotificationStore.getState().items.find((item) => item.title === 'Item 10')?.readAt).toBe('2026-11-20T13:00:00.000Z');
    expect(useNotificationStore.getState().loadedPage).toBe(2);
    // Page 1 read again after a change merges in place: the pages held are kept.
    store.mergePage(ADA, page(1, [n(0), ...range(1, 9)], 27));
    expect(titles()[0]).toBe('Item 0');
    expect(new Set(titles()).size).toBe(titles().length);
    expect(useNotificationStore.getState()).toMatchObject({ loadedPage: 2, pagination: { totalItems: 27, totalPages: 3 } });
  });

  it('counts pages only in order, and knows when the last one is held', () => {
    const store = useNotificationStore.getState();
    store.startList(ADA, page(1, range(1, 10)));
    store.mergePage(ADA, page(3, range(21, 25)));
    expect(useNotificationStore.getState().loadedPage).toBe(1);
    expect(hasMorePages(useNotificationStore.getState())).toBe(true);
    store.mergePage(ADA, page(2, range(11, 20)));
    store.mergePage(ADA, page(3, range(21, 25)));
    expect(useNotificationStore.getState().loadedPage).toBe(3);
    expect(hasMorePages(useNotificationStore.getState())).toBe(false);
    expect(titles()).toHaveLength(25);
  });

  it('opening the list again starts from page 1 alone', () => {
    const store = useNotificationStore.getState();
    store.startList(ADA, page(1, range(1, 10)));
    store.mergePage(ADA, page(2, range(11, 20)));
    store.startList(ADA, page(1, range(1, 10)));
    expect(titles()).toHaveLength(10);
    expect(useNotificationStore.getState().loadedPage).toBe(1);
  });

  it('puts newer notifications from the bell at the top of a loaded list and grows the totals', () => {
    const store = useNotificationStore.getState();
    store.startList(ADA, page(1, range(1, 10), 20));
    store.setLatest(ADA, { notifications: [n(-1), n(0), ...range(1, 8)], unreadCount: 12 });
    expect(titles().slice(0, 3)).toEqual(['Item -1', 'Item 0', 'Item 1']);
    expect(useNotificationStore.getState()).toMatchObject({ unreadCount: 12, pagination: { totalItems: 22, totalPages: 3 } });
  });

  it('marks one and all read in both lists', () => {
    const store = useNotificationStore.getState();
    store.setLatest(ADA, { notifications: range(1, 3), unreadCount: 3 });
    store.startList(ADA, page(1, range(1, 3), 3));
    store.markRead(ADA, { ...n(2), readAt: '2026-11-20T13:00:00.000Z' }, 2);
    let state = useNotificationStore.getState();
    expect(state.unreadCount).toBe(2);
    expect(state.latest.map((item) => item.readAt !== null)).toEqual([false, true, false]);
    expect(state.items.map((item) => item.readAt !== null)).toEqual([false, true, false]);
    store.markAllRead(ADA, '2026-11-20T14:00:00.000Z', 0);
    state = useNotificationStore.getState();
    expect(state.unreadCount).toBe(0);
    expect(state.items.map((item) => item.readAt)).toEqual(['2026-11-20T14:00:00.000Z', '2026-11-20T13:00:00.000Z', '2026-11-20T14:00:00.000Z']);
  });

  it("drops one user's notifications when another user's arrive", () => {
    const store = useNotificationStore.getState();
    store.setLatest(ADA, { notifications: range(1, 3), unreadCount: 3 });
    store.startList(ADA, page(1, range(1, 3), 3));
    store.setLatest(BOLA, { notifications: [n(7)], unreadCount: 1 });
    expect(useNotificationStore.getState()).toMatchObject({ ownerId: BOLA, unreadCount: 1, items: [], loadedPage: 0, pagination: null });
    expect(useNotificationStore.getState().latest.map((item) => item.title)).toEqual(['Item 7']);
    store.claim(BOLA);
    expect(useNotificationStore.getState().latest).toHaveLength(1);
  });
});
