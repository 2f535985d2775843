import type { Notification } from '@fipay/contracts/notifications';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

let sequence = 0;

/** A notification `minutesAgo` old; ids grow with the sequence so ties sort as on the server. */
export function notificationFixture(overrides: Partial<Notification> & { minutesAgo?: number } = {}): Notification {
  sequence += 1;
  const { minutesAgo = sequence, ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Notice ${sequence}`,
    message: `Message ${sequence}`,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    readAt: null,
    ...rest,
  };
}

/** `count` notifications, newest first, titled 'Item 1' (newest) to 'Item {count}'. */
export function notificationList(count: number): Notification[] {
  return Array.from({ length: count }, (_, i) =>
    notificationFixture({ title: `Item ${i + 1}`, message: `Body of item ${i + 1}`, minutesAgo: (i + 1) * 2 }),
  );
}

type Answer = { status: number; body: unknown };
const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => ({ status: 200, body: { isSuccessful: true, message: 'OK', data } });

/**
 * The four notification endpoints over an in-memory list, the way the API answers them (newest
 * first, 10 latest, pages, own ids only). `hold` makes the next matching request wait until released.
 */
export function fakeNotificationServer(initial: Notification[]) {
  const state = { notifications: [...initial] };
  const calls: string[] = [];
  const held: { match: string; release: () => void; promise: Promise<void> }[] = [];
  const unread = () => state.notifications.filter((n) => n.readAt === null).length;

  function answer(method: string, url: URL): Answer {
    const path = url.pathname.replace('/api/v1/', '');
    if (method === 'GET' && path === 'notification/user/latest') {
      return ok({ notifications: state.notifications.slice(0, 10), unreadCount: unread() });
    }
    if (method === 'GET' && path === 'notification/user') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const totalItems = state.notifications.length;
      return ok({
        notifications: state.notifications.slice((page - 1) * pageSize, page * pageSize),
        pagination: { currentPage: page, totalPages: Math.ceil(totalItems / pageSize), pageSize, totalItems },
      });
    }
    if (method === 'PATCH' && path === 'notification/user/read-all') {
      const markedCount = unread();
      const readAt = new Date().toISOString();
      state.notifications = state.notifications.map((n) => (n.readAt ? n : { ...n, readAt }));
      return ok({ markedCount, unreadCount: 0 });
    }
    const read = path.match(/^notification\/([^/]+)\/read$/);
    if (method === 'PATCH' && read) {
      const id = decodeURIComponent(read[1]!);
      const found = state.notifications.find((n) => n.id === id);
      if (!found) return { status: 404, body: { isSuccessful: false, message: 'Notification not found.', data: { code: 'NOT_FOUND' } } };
      const notification = found.readAt ? found : { ...found, readAt: new Date().toISOString() };
      state.notifications = state.notifications.map((n) => (n.id === id ? notification : n));
      return ok({ notification, unreadCount: unread() });
    }
    return { status: 404, body: { isSuccessful: false, message: 'Not found', data: null } };
  }

  const fetchMock = vi.fn(async (input: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const call = `${method} ${url.pathname.replace('/api/v1/', '')}${url.search}`;
    calls.push(call);
    const wait = held.findIndex((h) => call.includes(h.match));
    if (wait >= 0) await held.splice(wait, 1)[0]!.promise;
    return json(answer(method, url));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    fetchMock,
    /** A notification created by some event on the server. */
    add(notification: Notification) {
      state.notifications = [notification, ...state.notifications];
    },
    /** Makes the next request whose 'METHOD path?query' contains `match` wait; returns the release. */
    hold(match: string) {
      let release = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.push({ match, release, promise });
      return () => act(async () => release());
    },
  };
}

/**
 * IntersectionObserver for jsdom, which has none: tests say when an observed element comes into
 * view. Records the options each observer was made with.
 */
export function mockIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
  class FakeIntersectionObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve(target: Element) {
      this.entry.targets = this.entry.targets.filter((t) => t !== target);
    }
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observers,
    /** Reports every observed element as in view (or not), as the browser does on scroll. */
    async setInView(isIntersecting: boolean) {
      await act(async () => {
        for (const observer of observers) {
          for (const target of observer.targets) {
            observer.callback(
              [{ isIntersecting, target, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry],
              observer as unknown as IntersectionObserver,
            );
          }
        }
      });
    },
    observedCount: () => observers.reduce((count, o) => count + o.targets.length, 0),
  };
}
