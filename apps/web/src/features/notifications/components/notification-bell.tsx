import type { Notification } from '@fipay/contracts/notifications';
import * as Popover from '@radix-ui/react-popover';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useMarkAllNotificationsRead } from '../api/notifications-api';
import { useLatestNotifications } from '../hooks/use-notification-updates';
import BellIcon from 'lucide-react/icons/bell';
import { NotificationTime } from './notification-time';

const focusableSelector = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The badge's text: the count, capped so it stays a small dot-sized label. */
export function badgeText(count: number) {
  return count > 9 ? '9+' : String(count);
}

export function NotificationBell() {
  const { userId, latest, unreadCount, refresh } = useLatestNotifications();
  const markAll = useMarkAllNotificationsRead(userId);
  const location = useLocation();
  // Remembering where it opened closes it on any navigation, 'View all notifications' included.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  function onOpenChange(next: boolean) {
    if (!next) {
      setOpenedAt(null);
      return;
    }
    setOpenedAt(location.key);
    refresh();
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab') return;
    // Tabbing out of either end goes back to the bell and closes the panel, as it sits outside the tab order.
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector));
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if ((event.shiftKey && (active === first || active === event.currentTarget)) || (!event.shiftKey && active === last)) {
      event.preventDefault();
      setOpenedAt(null);
      buttonRef.current?.focus();
    }
  }

  function handleMarkAll() {
    // A failure is only logged (by the mutation); the bell stays as the server last said.
    markAll.mutate();
  }

  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        ref={buttonRef}
        aria-label={label}
        className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <BellIcon className="h-5 w-5" />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badgeText(unreadCount)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={headingId}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus({ preventScroll: true });
          }}
          onKeyDown={onPanelKeyDown}
          // Under the bell, right edges aligned; at 375 px it spans the width less a small margin.
          className="z-40 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-slate-900">
              Notifications
            </h2>
            <button
              type="button"
              onClick={handleMarkAll}
              disabled={unreadCount === 0 || markAll.isPending}
              className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              Mark all as read
            </button>
          </div>
          {latest.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications found.</p>
          ) : (
            <ul
              aria-label="Latest notifications"
              tabIndex={0}
              className="max-h-[300px] divide-y divide-slate-100 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
            >
              {latest.map((notification) => (
                <BellItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 p-2">
            <Link
              to={paths.notifications}
              className="block rounded-lg px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              View all notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellItem({ notification }: { notification: Notification }) {
  const unread = notification.readAt === null;
  return (
    <li className={`flex gap-3 px-4 py-3 ${unread ? 'bg-brand-50/60' : ''}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`text-sm break-words ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>
          {notification.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">{notification.message}</p>
        <NotificationTime createdAt={notification.createdAt} className="mt-1 block" />
      </div>
    </li>
  );
}
