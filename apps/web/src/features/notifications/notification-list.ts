import type { Notification, Pagination } from '@fipay/contracts/notifications';

/** The server's order: newest first, ties broken by id (descending), so merged pages read as one list. */
function newestFirst(a: Notification, b: Notification) {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** One entry per id: a later copy replaces an earlier one (its readAt is newer). */
export function mergeById(...lists: Notification[][]): Notification[] {
  const byId = new Map<string, Notification>();
  for (const list of lists) for (const n of list) byId.set(n.id, n);
  return [...byId.values()].sort(newestFirst);
}

export type NotificationListView = {
  items: Notification[];
  /** How many pages are held, in order from page 1. */
  loadedPage: number;
  /** The server's figures from the last page, totals grown by the newer notifications the bell brought. */
  pagination: Pagination | null;
};

/**
 * The All Notifications list: every page loaded so far, with the bell's newest notifications at
 * the top (they arrive by polling while the list is open), de-duplicated by id.
 */
export function notificationListView(pages: { notifications: Notification[]; pagination: Pagination }[], latest: Notification[]): NotificationListView {
  if (pages.length === 0) return { items: [], loadedPage: 0, pagination: null };
  const fromPages = mergeById(...pages.map((page) => page.notifications));
  const items = mergeById(fromPages, latest);
  const last = pages[pages.length - 1]!.pagination;
  const added = items.length - fromPages.length;
  const totalItems = last.totalItems + added;
  const pagination = added > 0 ? { ...last, totalItems, totalPages: Math.ceil(totalItems / last.pageSize) } : last;
  return { items, loadedPage: pages.length, pagination };
}

/** Whether pages remain after the ones held (page 1 .. totalPages, SPEC.md section 9). */
export function hasMorePages({ loadedPage, pagination }: Pick<NotificationListView, 'loadedPage' | 'pagination'>) {
  return pagination !== null && loadedPage < pagination.totalPages;
}
