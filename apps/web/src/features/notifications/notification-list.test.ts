import type { Notification } from '@fipay/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { hasMorePages, mergeById, notificationListView } from './notification-list';

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
const titles = (items: Notification[]) => items.map((item) => item.title);

describe('notification list', () => {
  it('merges pages de-duplicated by id, newest first, the later copy winning', () => {
    const read = n(10, '2026-11-20T12:30:00.000Z');
    const merged = mergeById(range(1, 10), [read, ...range(11, 19)]);
    expect(titles(merged)).toEqual(titles(range(1, 19)));
    expect(merged.find((item) => item.id === read.id)?.readAt).toBe(read.readAt);
  });

  it('counts the pages held and knows when the last one is held', () => {
    const two = notificationListView([page(1, range(1, 10)), page(2, range(11, 20))], []);
    expect(two).toMatchObject({ loadedPage: 2, pagination: { totalPages: 3 } });
    expect(hasMorePages(two)).toBe(true);
    const all = notificationListView([page(1, range(1, 10)), page(2, range(11, 20)), page(3, range(21, 25))], []);
    expect(titles(all.items)).toEqual(titles(range(1, 25)));
    expect(hasMorePages(all)).toBe(false);
    expect(hasMorePages(notificationListView([], []))).toBe(false);
  });

  it("puts the bell's newer notifications at the top and grows the totals with them", () => {
    const newer = { ...n(0), id: '00000000-0000-4000-8000-000000009999' };
    const view = notificationListView([page(1, range(1, 10), 10)], [newer, ...range(1, 9)]);
    expect(titles(view.items).slice(0, 2)).toEqual(['Item 0', 'Item 1']);
    expect(view.items).toHaveLength(11);
    expect(view.pagination).toMatchObject({ totalItems: 11, totalPages: 2 });
    expect(hasMorePages(view)).toBe(true);
  });
});
