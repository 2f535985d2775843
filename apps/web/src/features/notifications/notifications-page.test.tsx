import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { NOTIFICATION_STORAGE_KEY, storeNotifications } from '../../lib/notification-storage';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { NotificationBell } from './components/notification-bell';
import { NotificationsPage } from './notifications-page';
import { fakeNotificationServer, mockIntersectionObserver, notificationFixture, notificationList } from './notifications-test-utils';

/** The page as the shell shows it: with the bell in the top bar. */
function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/notifications',
        element: (
          <>
            <NotificationBell />
            <NotificationsPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/notifications'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return userEvent.setup();
}

const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
const rowTitles = () => rows().map((row) => within(row).getByRole('heading').textContent?.replace(' (unread)', ''));
const pageCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET notification/user?'));

describe('NotificationsPage', () => {
  let observer: ReturnType<typeof mockIntersectionObserver>;

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
    observer = mockIntersectionObserver();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'No notifications found.' when there are none", async () => {
    const server = fakeNotificationServer([]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(observer.observedCount()).toBe(0);
    expect(pageCalls(server.calls)).toEqual(['GET notification/user?page=1&pageSize=10']);
  });

  it('lists title, message and created time; unread highlighted with Mark as read, read with a tick', async () => {
    fakeNotificationServer([
      notificationFixture({ title: 'Representative approved', message: 'Ngozi Eze confirmed their role as Director.', minutesAgo: 3 }),
      notificationFixture({ title: 'Welcome to FiPay', message: 'Hi Ada, your account is ready.', minutesAgo: 120, readAt: '2026-11-20T10:00:00.000Z' }),
    ]);
    renderPage();
    await screen.findByRole('list', { name: 'Notifications' });
    const [approved, welcome] = rows();

    expect(within(approved!).getByRole('heading')).toHaveTextContent('Representative approved (unread)');
    expect(approved).toHaveTextContent('Ngozi Eze confirmed their role as Director.');
    expect(within(approved!).getByText('3 minutes ago').tagName).toBe('TIME');
    expect(approved).toHaveAttribute('data-unread', 'true');
    expect(approved).toHaveClass('bg-brand-50/70');
    expect(within(approved!).getByRole('button', { name: 'Mark as read' })).toHaveAccessibleDescription(/Representative approved/);
    expect(within(approved!).queryByRole('img', { name: 'Read' })).not.toBeInTheDocument();

    expect(welcome).toHaveTextContent('Hi Ada, your account is ready.');
    expect(within(welcome!).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(welcome!).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(welcome!).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(screen.getByText('You have 1 unread notification.')).toBeInTheDocument();
  });

  it("'Mark as read' marks it on the server, then reloads the latest and page 1, and the bell count drops", async () => {
    const server = fakeNotificationServer(notificationList(3));
    const user = renderPage();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Notifications' });
    const target = rows()[1]!;
    const before = server.calls.length;

    await user.click(within(target).getByRole('button', { name: 'Mark as read' }));

    expect(await within(target).findByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const id = server.state.notifications[1]!.id;
    await vi.waitFor(() =>
      expect(server.calls.slice(before).sort()).toEqual(
        [`PATCH notification/${id}/read`, 'GET notification/user/latest', 'GET notification/user?page=1&pageSize=10'].sort(),
      ),
    );
    expect(server.calls.slice(before)[0]).toBe(`PATCH notification/${id}/read`);
    const patch = server.fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[1]?.body).toBeUndefined();
    expect(screen.getByText('You have 2 unread notifications.')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
  });

  it('loads the next page when the sentinel comes within 20px, until the last page, without duplicates', async () => {
    const server = fakeNotificationServer(notificationList(25));
    renderPage();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(rows()).toHaveLength(10);
    expect(observer.observers.at(-1)?.options).toEqual({ rootMargin: '20px' });
    expect(pageCalls(server.calls)).toEqual(['GET notification/user?page=1&pageSize=10']);

    // A notification created meanwhile shifts every page by one: page 2 now starts with item 10.
    server.add(notificationFixture({ title: 'Item 0', minutesAgo: 0 }));
    const release = server.hold('page=2');
    await observer.setInView(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading more notifications...');
    expect(observer.observedCount()).toBe(0);
    await release();
    await vi.waitFor(() => expect(rows()).toHaveLength(19));
    expect(new Set(rowTitles()).size).toBe(19);
    expect(screen.queryByText('Loading more notifications...')).not.toBeInTheDocument();

    await observer.setInView(true);
    await vi.waitFor(() => expect(rows()).toHaveLength(25));
    expect(rowTitles()).toEqual(Array.from({ length: 25 }, (_, i) => `Item ${i + 1}`));
    expect(pageCalls(server.calls)).toEqual([1, 2, 3].map((p) => `GET notification/user?page=${p}&pageSize=10`));
    expect(await screen.findByText("You've reached the end of your notifications.")).toBeInTheDocument();
    expect(observer.observedCount()).toBe(0);
    await observer.setInView(true);
    expect(pageCalls(server.calls)).toHaveLength(3);

    // The newest one reaches the top of the list with the bell's next update.
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(rows()).toHaveLength(26));
    expect(rowTitles()[0]).toBe('Item 0');
    expect(pageCalls(server.calls)).toHaveLength(3);
  });

  it('keeps the bell and the list under notification-storage, de-duplicated by id, for the next visit', async () => {
    const server = fakeNotificationServer(notificationList(15));
    renderPage();
    await screen.findByRole('list', { name: 'Notifications' });
    server.add(notificationFixture({ title: 'Item 0', minutesAgo: 0 }));
    await observer.setInView(true);
    await vi.waitFor(() => expect(rows()).toHaveLength(15));

    const stored = () => JSON.parse(localStorage.getItem(NOTIFICATION_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    await vi.waitFor(() => expect(stored().state.loadedPage).toBe(2));
    const { state } = stored();
    expect(Object.keys(state).sort()).toEqual(['items', 'latest', 'loadedPage', 'ownerId', 'pagination', 'unreadCount']);
    expect(state).toMatchObject({ ownerId: sessionFixture().user.id, unreadCount: 15, pagination: { currentPage: 2, totalItems: 16 } });
    const ids = (state.items as { id: string }[]).map((item) => item.id);
    expect(new Set(ids).size).toBe(15);
    expect((state.latest as unknown[]).length).toBe(10);
  });

  it('keeps loading while the sentinel stays in view, and waits for it to come back after a failure', async () => {
    const server = fakeNotificationServer(notificationList(25));
    renderPage();
    await screen.findByRole('list', { name: 'Notifications' });

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const working = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
    await observer.setInView(true);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Loading notifications page 2 failed', expect.any(TypeError)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(observer.observedCount()).toBe(1));
    // Still in view after the failure: no retry loop.
    await observer.setInView(true);
    expect(rows()).toHaveLength(10);

    server.fetchMock.mockImplementation(working);
    await observer.setInView(false);
    await observer.setInView(true);
    await vi.waitFor(() => expect(rows()).toHaveLength(20));
  });

  it('shows the list kept from last time while page 1 loads, then starts again from page 1', async () => {
    const kept = notificationList(20);
    const { id: userId } = sessionFixture().user;
    storeNotifications(userId, {
      items: kept,
      loadedPage: 2,
      pagination: { currentPage: 2, totalPages: 2, pageSize: 10, totalItems: 20 },
    });
    const server = fakeNotificationServer(kept);
    const release = server.hold('page=1');
    renderPage();
    expect(rows()).toHaveLength(20);
    expect(observer.observedCount()).toBe(0);
    await release();
    await vi.waitFor(() => expect(rows()).toHaveLength(10));
    expect(observer.observedCount()).toBe(1);
  });
});
