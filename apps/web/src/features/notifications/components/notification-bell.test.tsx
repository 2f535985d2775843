import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { readStoredNotifications, storeNotifications } from '../../../lib/notification-storage';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { NOTIFICATION_POLL_MS } from '../api/notifications-api';
import { fakeNotificationServer, notificationFixture, notificationList } from '../notifications-test-utils';
import { badgeText, NotificationBell } from './notification-bell';

function renderBell() {
  const topBar = (
    <header>
      <NotificationBell />
      <button type="button">Elsewhere</button>
    </header>
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: topBar },
      { path: '/dashboard/notifications', element: <>{topBar}<h1>All Notifications screen</h1></> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { user: userEvent.setup(), router };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const latestCalls = (calls: string[]) => calls.filter((c) => c === 'GET notification/user/latest').length;

describe('NotificationBell', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the unread count from the server on the bell', async () => {
    const items = notificationList(4);
    items[3] = { ...items[3]!, readAt: '2026-11-20T10:00:00.000Z' };
    const server = fakeNotificationServer(items);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
    expect(server.calls).toEqual(['GET notification/user/latest']);
  });

  it('caps the badge at 9+ and hides it at 0', async () => {
    expect(badgeText(9)).toBe('9');
    expect(badgeText(12)).toBe('9+');
    fakeNotificationServer(notificationList(12));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('has no badge when everything is read', async () => {
    const server = fakeNotificationServer([notificationFixture({ readAt: '2026-11-20T10:00:00.000Z' })]);
    renderBell();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('opens the latest notifications with title, message and time, and links to the full list', async () => {
    fakeNotificationServer([
      notificationFixture({ title: 'Email verified', message: 'Thanks for confirming your email address.', minutesAgo: 5 }),
      notificationFixture({ title: 'Welcome to FiPay', message: 'Hi Ada, your account is ready.', minutesAgo: 60 * 24 * 10, readAt: '2026-11-01T10:00:00.000Z' }),
    ]);
    const { user, router } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell());

    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    const list = within(panel).getByRole('list', { name: 'Latest notifications' });
    expect(list).toHaveClass('max-h-[300px]', 'overflow-y-auto');
    const [verified, welcome] = within(list).getAllByRole('listitem');
    expect(verified).toHaveTextContent('Email verified (unread)');
    expect(verified).toHaveTextContent('Thanks for confirming your email address.');
    expect(within(verified!).getByText('5 minutes ago')).toHaveAttribute('dateTime');
    expect(welcome).toHaveTextContent('Welcome to FiPay');
    expect(welcome).not.toHaveTextContent('(unread)');
    expect(within(welcome!).getByText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: 'View all notifications' }));
    expect(router.state.location.pathname).toBe('/dashboard/notifications');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so when there are none', async () => {
    fakeNotificationServer([]);
    const { user } = renderBell();
    await user.click(bell());
    expect(await within(screen.getByRole('dialog')).findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('closes on Escape (focus back on the bell), on a click outside, and on a second click', async () => {
    fakeNotificationServer(notificationList(2));
    const { user } = renderBell();
    await user.click(bell());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(bell());
    await user.click(bell());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the panel and returns to the bell past its last link', async () => {
    fakeNotificationServer(notificationList(2));
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('list', { name: 'Latest notifications' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'View all notifications' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it("'Mark all as read' marks them on the server, clears the badge and reloads the latest", async () => {
    const server = fakeNotificationServer(notificationList(3));
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await user.click(bell());
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    const markAll = server.fetchMock.mock.calls.find(([url, init]) => init?.method === 'PATCH' && url === '/api/v1/notification/user/read-all');
    expect(markAll?.[1]?.body).toBeUndefined();
    await vi.waitFor(() => expect(server.calls.at(-1)).toBe('GET notification/user/latest'));
    const panel = screen.getByRole('dialog');
    expect(within(panel).queryByText('(unread)', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('asks for new notifications every 30 s while visible, pauses while hidden, and asks again on return', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const server = fakeNotificationServer(notificationList(1));
    renderBell();
    await vi.waitFor(() => expect(latestCalls(server.calls)).toBe(1));
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    server.add(notificationFixture({ title: 'Representative approved', minutesAgo: 0 }));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 1000));
    expect(latestCalls(server.calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(latestCalls(server.calls)).toBe(2);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 3));
    expect(latestCalls(server.calls)).toBe(2);

    server.add(notificationFixture({ title: 'KYB submitted', minutesAgo: 0 }));
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(latestCalls(server.calls)).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await vi.waitFor(() => expect(latestCalls(server.calls)).toBe(4));
  });

  it('asks again when the window gets focus', async () => {
    const server = fakeNotificationServer(notificationList(1));
    renderBell();
    await vi.waitFor(() => expect(latestCalls(server.calls)).toBe(1));
    server.add(notificationFixture({ title: 'Representative approved', minutesAgo: 0 }));
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
  });

  it('asks nothing without a token, and only logs a failure', async () => {
    const server = fakeNotificationServer([]);
    useAuthStore.setState({ accessToken: null });
    renderBell();
    expect(server.calls).toEqual([]);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    act(() => useAuthStore.getState().setSession(sessionFixture()));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Loading the latest notifications failed', expect.any(TypeError)));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("never shows a previous user's notifications", async () => {
    storeNotifications('someone-else', { latest: notificationList(5), unreadCount: 5 });
    vi.stubGlobal('fetch', vi.fn(() => new Promise<never>(() => {})));
    const { user } = renderBell();
    expect(bell()).toHaveAccessibleName('Notifications');
    await user.click(bell());
    expect(within(screen.getByRole('dialog')).getByText('No notifications found.')).toBeInTheDocument();
    expect(readStoredNotifications(sessionFixture().user.id)).toBeNull();
  });
});
