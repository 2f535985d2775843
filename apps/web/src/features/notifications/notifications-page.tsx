import type { Notification } from '@fipay/contracts/notifications';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import BellIcon from 'lucide-react/icons/bell';
import CheckIcon from 'lucide-react/icons/check';
import { Spinner } from '../../components/ui/spinner';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './api/notifications-api';
import { NotificationTime } from './components/notification-time';
import { useLatestNotifications, useNotificationList } from './hooks/use-notification-updates';

/** SPEC.md section 9: the next page loads when the sentinel comes within 20px of view. */
const SENTINEL_MARGIN = '20px';

export function NotificationsPage() {
  const { userId, latest, unreadCount } = useLatestNotifications();
  const { items, hasMore, isStarting, isLoadingMore, loadNextPage: fetchNextPage } = useNotificationList(latest);
  const markAll = useMarkAllNotificationsRead(userId);
  const [retryKey, setRetryKey] = useState(0);
  const busy = useRef(false);
  // After a failed page the sentinel must leave the view and come back before the next try, or
  // the retry timer fires (a list shorter than the screen never leaves the view).
  const failed = useRef(false);
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const canLoadMore = useRef(hasMore);
  useEffect(() => {
    canLoadMore.current = hasMore;
  }, [hasMore]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(retryTimer.current);
    };
  }, []);

  const loadNextPage = useCallback(async () => {
    if (busy.current || !canLoadMore.current || !mounted.current) return;
    busy.current = true;
    const loaded = await fetchNextPage();
    if (!mounted.current) return;
    busy.current = false;
    failed.current = !loaded;
    // SPEC.md section 8: notification failures are only logged, so the page retries by itself, backing off.
    if (loaded) failures.current = 0;
    else {
      failures.current += 1;
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => {
        failed.current = false;
        // A new sentinel gets a new observer, which reports at once whether it is in view.
        setRetryKey((key) => key + 1);
      }, Math.min(60_000, 5000 * 2 ** (failures.current - 1)));
    }
  }, [fetchNextPage]);

  // The sentinel exists only while a next page can be asked for; each time it appears the observer
  // reports at once whether it is in view, so a list shorter than the screen keeps loading.
  const sentinelRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      const observer = new IntersectionObserver(
        (entries) => {
          const inView = entries.some((entry) => entry.isIntersecting);
          if (!inView) failed.current = false;
          else if (!failed.current) void loadNextPage();
        },
        { rootMargin: SENTINEL_MARGIN },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [loadNextPage],
  );

  function handleMarkAll() {
    markAll.mutate();
  }

  const showSpinner = isStarting && items.length === 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">All Notifications</h1>
          {!showSpinner && (
            <p className="text-sm text-slate-600">
              {unreadCount > 0 ? `You have ${unreadCount} unread ${unreadCount === 1 ? 'notification' : 'notifications'}.` : "You're all caught up."}
            </p>
          )}
        </div>
        {unreadCount > 0 && (
          <Button variant="secondary" onClick={handleMarkAll} disabled={markAll.isPending}>
            Mark all as read
          </Button>
        )}
      </div>

      {showSpinner ? (
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
          <Spinner className="h-6 w-6" />
          Loading notifications...
        </div>
      ) : items.length === 0 && !hasMore ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:py-16">
          <span className="grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <BellIcon className="h-7 w-7" />
          </span>
          <p className="text-base font-semibold text-slate-900">No notifications found.</p>
        </div>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {items.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} userId={userId} />
          ))}
        </ul>
      )}

      {!isStarting && hasMore && !isLoadingMore && <div key={retryKey} ref={sentinelRef} aria-hidden="true" className="h-px" data-testid="notifications-sentinel" />}
      {isLoadingMore && (
        <div role="status" className="flex items-center justify-center gap-3 py-4 text-sm text-slate-500">
          <Spinner className="h-5 w-5" />
          Loading more notifications...
        </div>
      )}
      {!isStarting && !hasMore && items.length > 0 && (
        <p className="pb-4 text-center text-sm text-slate-500">You&apos;ve reached the end of your notifications.</p>
      )}
    </div>
  );
}

function NotificationRow({ notification, userId }: { notification: Notification; userId: string | null }) {
  const markRead = useMarkNotificationRead(userId);
  const titleId = useId();
  const unread = notification.readAt === null;

  function handleMarkRead() {
    markRead.mutate(notification.id);
  }

  return (
    <li
      data-unread={unread}
      className={`relative flex flex-wrap items-start gap-x-4 gap-y-3 p-4 sm:p-5 ${unread ? 'bg-brand-50/70' : 'bg-white'}`}
    >
      {unread && <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-brand-600" />}
      {/* Wide enough for the text beside the tick at 375 px; the 'Mark as read' button drops below it there. */}
      <div className="min-w-0 flex-1 basis-60 space-y-1">
        <h2 id={titleId} className={`text-sm break-words sm:text-base ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>
          {notification.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </h2>
        <p className="text-sm break-words text-slate-600">{notification.message}</p>
        <NotificationTime createdAt={notification.createdAt} className="block" />
      </div>
      <div className="shrink-0">
        {unread ? (
          <button
            type="button"
            onClick={handleMarkRead}
            disabled={markRead.isPending}
            aria-describedby={titleId}
            className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-xs font-semibold text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Mark as read
          </button>
        ) : (
          <span
            role="img"
            aria-label="Read"
            title="Read"
            className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"
          >
            <CheckIcon className="h-4 w-4" />
          </span>
        )}
      </div>
    </li>
  );
}
