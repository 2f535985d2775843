import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { readStoredNotifications, storeNotifications } from '../../../lib/notification-storage';
import { useAuthStore } from '../../../stores/auth-store';
import { latestNotificationsQueryOptions, notificationListQueryOptions } from '../api/notifications-api';
import { hasMorePages, notificationListView, type NotificationListView } from '../notification-list';

/** The signed-in user's id while there is a token, else null (SPEC.md section 4: fetched only with both). */
export function useSignedInUserId() {
  return useAuthStore((state) => (state.user && state.accessToken ? state.user.id : null));
}

/**
 * The bell's list and unread count for the signed-in user, kept current by polling
 * (latestNotificationsQueryOptions). What this browser stored last time shows until the first answer.
 */
export function useLatestNotifications() {
  const userId = useSignedInUserId();
  const query = useQuery({
    ...latestNotificationsQueryOptions(userId ?? ''),
    enabled: userId !== null,
    initialData: () => {
      const stored = userId ? readStoredNotifications(userId) : null;
      return stored ? { notifications: stored.latest, unreadCount: stored.unreadCount } : undefined;
    },
    // Stored data is from an earlier visit: ask the server at once.
    initialDataUpdatedAt: 0,
  });
  const data = userId ? query.data : undefined;

  useEffect(() => {
    if (userId && data && query.isFetched) storeNotifications(userId, { latest: data.notifications, unreadCount: data.unreadCount });
  }, [userId, data, query.isFetched]);

  const { refetch } = query;
  const refresh = useCallback(() => {
    if (userId) void refetch();
  }, [userId, refetch]);

  return { userId, latest: data?.notifications ?? [], unreadCount: data?.unreadCount ?? 0, refresh };
}

/**
 * The All Notifications list, loaded a page at a time from a fresh page 1 on each visit; the list
 * this browser stored last time shows while page 1 loads.
 */
export function useNotificationList(latest: ReturnType<typeof useLatestNotifications>['latest']) {
  const userId = useSignedInUserId();
  const query = useInfiniteQuery({
    ...notificationListQueryOptions(userId ?? ''),
    enabled: userId !== null,
    placeholderData: () => {
      const stored = userId ? readStoredNotifications(userId) : null;
      if (!stored || stored.loadedPage === 0 || !stored.pagination) return undefined;
      return { pages: [{ notifications: stored.items, pagination: stored.pagination }], pageParams: [1] };
    },
  });
  const isStarting = userId !== null && (query.isPending || query.isPlaceholderData);
  const pages = query.data?.pages;

  const view: NotificationListView = useMemo(() => {
    if (!pages) return notificationListView([], []);
    if (isStarting) {
      // The stored list as it was kept, its page count included.
      const stored = userId ? readStoredNotifications(userId) : null;
      return { items: pages[0]?.notifications ?? [], loadedPage: stored?.loadedPage ?? 0, pagination: stored?.pagination ?? null };
    }
    return notificationListView(pages, latest);
  }, [pages, latest, isStarting, userId]);

  useEffect(() => {
    if (userId && !isStarting && view.loadedPage > 0) {
      storeNotifications(userId, { items: view.items, loadedPage: view.loadedPage, pagination: view.pagination });
    }
  }, [userId, isStarting, view]);

  const { fetchNextPage } = query;
  /** Asks for the next page; resolves to whether it arrived. */
  const loadNextPage = useCallback(async () => {
    const result = await fetchNextPage({ cancelRefetch: false });
    return !result.isError;
  }, [fetchNextPage]);

  return {
    ...view,
    hasMore: !isStarting && hasMorePages(view),
    isStarting,
    isLoadingMore: query.isFetchingNextPage,
    loadNextPage,
  };
}
