import { notificationEndpoints } from '@fipay/contracts/endpoints/notifications';
import { NOTIFICATION_PAGE_SIZE_DEFAULT, type Notification } from '@fipay/contracts/notifications';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function getLatestNotifications(signal?: AbortSignal) {
  return callApi(notificationEndpoints.latest, { signal });
}

export function getNotificationPage(page: number, signal?: AbortSignal) {
  return callApi(notificationEndpoints.list, { query: { page, pageSize: NOTIFICATION_PAGE_SIZE_DEFAULT }, signal });
}

/** SPEC.md section 7: an empty body. */
export function markNotificationRead(id: string) {
  return callApi(notificationEndpoints.markRead, { params: { id } });
}

export function markAllNotificationsRead() {
  return callApi(notificationEndpoints.markAllRead);
}

/** How often an open, visible dashboard asks for new notifications (docs/decisions/0008). */
export const NOTIFICATION_POLL_MS = 30_000;

type LatestNotifications = Awaited<ReturnType<typeof getLatestNotifications>>['data'];
type NotificationPage = Awaited<ReturnType<typeof getNotificationPage>>['data'];

// SPEC.md section 8: notification failures are only logged; the user sees no message.
function logFailure(what: string, error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(what, error);
}

const notificationKeys = {
  latest: (userId: string) => ['notifications', userId, 'latest'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};

/**
 * The bell's list and unread count: asked for every 30 s while the tab is visible (a hidden tab
 * asks nothing), at once when the tab is shown or focused again, and not retried (the next tick is
 * the retry). Concurrent reasons to ask share one request.
 */
export function latestNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }): Promise<LatestNotifications> =>
      getLatestNotifications(signal).then(
        ({ data }) => data,
        (error: unknown) => {
          logFailure('Loading the latest notifications failed', error);
          throw error;
        },
      ),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    // A second view of the same list (the page under the bell) does not ask again at once.
    staleTime: 10_000,
    retry: false,
  });
}

/**
 * The All Notifications list, a page at a time. It is dropped as soon as the page closes, so each
 * visit starts again from page 1, and it is never refetched as a whole: newer notifications arrive
 * through the bell's list, and a change reloads page 1 only (SPEC.md section 4).
 */
export function notificationListQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }): Promise<NotificationPage> =>
      getNotificationPage(pageParam, signal).then(
        ({ data }) => data,
        (error: unknown) => {
          logFailure(`Loading notifications page ${pageParam} failed`, error);
          throw error;
        },
      ),
    initialPageParam: 1,
    // Pages are asked for in order; whether one remains is decided with the bell's newer ones counted (hasMorePages).
    getNextPageParam: (_last, pages) => pages.length + 1,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

function replaceOne(list: Notification[], notification: Notification) {
  return list.map((n) => (n.id === notification.id ? notification : n));
}

function markAll(list: Notification[], readAt: string) {
  return list.map((n) => (n.readAt ? n : { ...n, readAt }));
}

/**
 * Applies a change the server confirmed to both lists, after stopping any read in flight (its
 * answer may predate the change), then asks for the latest list and page 1 again (SPEC.md section 4).
 */
async function applyChange(
  queryClient: QueryClient,
  userId: string,
  change: { latest: (latest: LatestNotifications) => LatestNotifications; list: (items: Notification[]) => Notification[] },
) {
  const latestKey = latestNotificationsQueryOptions(userId).queryKey;
  const listKey = notificationListQueryOptions(userId).queryKey;
  await Promise.all([queryClient.cancelQueries({ queryKey: latestKey }), queryClient.cancelQueries({ queryKey: listKey })]);
  queryClient.setQueryData(latestKey, (latest) => (latest ? change.latest(latest) : latest));
  queryClient.setQueryData(listKey, (pages) =>
    pages ? { ...pages, pages: pages.pages.map((page) => ({ ...page, notifications: change.list(page.notifications) })) } : pages,
  );
  const listOpen = queryClient.getQueryData(listKey) !== undefined;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: latestKey }),
    listOpen ? reloadFirstPage(queryClient, userId) : Promise.resolve(),
  ]);
}

async function reloadFirstPage(queryClient: QueryClient, userId: string) {
  try {
    const { data } = await getNotificationPage(1);
    queryClient.setQueryData(notificationListQueryOptions(userId).queryKey, (pages) =>
      pages ? { ...pages, pages: [data, ...pages.pages.slice(1)] } : pages,
    );
  } catch (error) {
    logFailure('Loading notifications page 1 failed', error);
  }
}

/** 'Mark as read' on one notification; the answer carries it as read and the new unread count. */
export function useMarkNotificationRead(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: ({ data }) =>
      userId
        ? applyChange(queryClient, userId, {
            latest: (latest) => ({ notifications: replaceOne(latest.notifications, data.notification), unreadCount: data.unreadCount }),
            list: (items) => replaceOne(items, data.notification),
          })
        : undefined,
    onError: (error) => logFailure('Marking the notification as read failed', error),
  });
}

/** 'Mark all as read'; the answer carries the new unread count. */
export function useMarkAllNotificationsRead(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSuccess: ({ data }) => {
      if (!userId) return undefined;
      const readAt = new Date().toISOString();
      return applyChange(queryClient, userId, {
        latest: (latest) => ({ notifications: markAll(latest.notifications, readAt), unreadCount: data.unreadCount }),
        list: (items) => markAll(items, readAt),
      });
    },
    onError: (error) => logFailure('Marking all notifications as read failed', error),
  });
}
