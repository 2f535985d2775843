import type { Event } from '@fipay/contracts/developers';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { EventsPage } from './events-page';

const session = sessionFixture();

const charge: Event = {
  id: 'evt_charge000000000000000001',
  type: 'charge.success',
  createdAt: '2026-11-25T10:30:00.000Z',
  livemode: false,
  data: { object: { reference: 'fp_ref_123', amount: 2_500_000, status: 'success' }, previousAttributes: null },
};
const keys: Event = {
  id: 'evt_keys00000000000000000001',
  type: 'api_key.created',
  createdAt: '2026-11-24T08:00:00.000Z',
  livemode: false,
  data: { object: { id: 'key_1', kind: 'secret' }, previousAttributes: null },
};

type Page = { events: Event[]; totalPages?: number; currentPage?: number };

/** Answers GET /events with `page(url)` (the events and the paging the server reports), recording each request. */
function stubEvents(page: (url: URL) => Page | 'error' | Promise<never>) {
  const calls: { url: URL; mode: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, mode: (init?.headers as Record<string, string>)['FiPay-Mode'] });
      const answer = await page(url);
      if (answer === 'error') {
        return new Response(JSON.stringify({ isSuccessful: false, message: 'The events could not be read just now.', data: { code: 'INTERNAL_ERROR' } }), { status: 500 });
      }
      const { events, totalPages = 1, currentPage = 1 } = answer;
      const pagination = { currentPage, totalPages, pageSize: 20, totalItems: events.length };
      return new Response(JSON.stringify({ isSuccessful: true, message: 'Events loaded.', data: { events, pagination } }), { status: 200 });
    }),
  );
  return calls;
}

function renderEvents(path = '/dashboard/events') {
  const router = createMemoryRouter([{ path: '/dashboard/events', Component: EventsPage }], { initialEntries: [path] });
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { user: userEvent.setup(), router };
}

const list = () => screen.getByRole('region', { name: 'Events' });

describe('EventsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the current mode's events in the server's order, newest first, each opening to its JSON payload", async () => {
    const calls = stubEvents(() => ({ events: [charge, keys] }));
    const { user } = renderEvents();
    expect(screen.getByRole('status')).toHaveTextContent('Loading events…');
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText('test mode')).toBeInTheDocument();

    const items = await within(await screen.findByRole('region', { name: 'Events' })).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      expect.stringMatching(/^charge\.successfp_ref_123 · evt_charge000000000000000001/),
      expect.stringMatching(/^api_key\.createdkey_1 · evt_keys00000000000000000001/),
    ]);
    expect(calls.map(({ url, mode }) => [url.pathname + url.search, mode])).toEqual([['/api/v1/events?page=1', 'test']]);

    const open = within(items[0]!).getByRole('button');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(`Payload of ${charge.id}`)).not.toBeInTheDocument();
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const payload = screen.getByLabelText(`Payload of ${charge.id}`);
    expect(payload.tagName).toBe('PRE');
    // Pretty-printed, two spaces deep: the event exactly as a webhook endpoint receives it.
    expect(payload.textContent).toBe(JSON.stringify(charge, null, 2));
    expect(payload.textContent).toContain('\n  "type": "charge.success",\n');
    expect(document.getElementById(open.getAttribute('aria-controls')!)).toContainElement(payload);

    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(`Payload of ${charge.id}`)).not.toBeInTheDocument();
  });

  it("asks in live mode for live events only", async () => {
    useModeStore.getState().setMode(session.user.id, 'live');
    const calls = stubEvents(() => ({ events: [{ ...charge, livemode: true }] }));
    renderEvents();
    expect(await within(await screen.findByRole('region', { name: 'Events' })).findAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('live mode')).toBeInTheDocument();
    expect(calls.map(({ mode }) => mode)).toEqual(['live']);
  });

  it('filters by type through the API, starting again from the first page, and says when none match', async () => {
    const calls = stubEvents((url) => (url.searchParams.get('type') === 'refund.failed' ? { events: [] } : { events: [charge, keys], totalPages: 2 }));
    const { user, router } = renderEvents();
    await within(await screen.findByRole('region', { name: 'Events' })).findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['All types', 'charge.success', 'refund.failed', 'ping']));
    await user.selectOptions(type, 'refund.failed');
    expect(await screen.findByRole('heading', { name: 'No refund.failed events' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=refund.failed');
    expect(calls.at(-1)!.url.search).toBe('?page=1&type=refund.failed');

    await user.selectOptions(type, '');
    expect(await within(list()).findAllByRole('listitem')).toHaveLength(2);
    expect(router.state.location.search).toBe('');
  });

  it('pages as the API pages: Older and Newer ask for the next and previous page, kept in the address', async () => {
    const calls = stubEvents((url) => {
      const page = Number(url.searchParams.get('page'));
      return { events: page === 2 ? [keys] : [charge], currentPage: page, totalPages: 2 };
    });
    const { user, router } = renderEvents('/dashboard/events?type=charge.success');
    expect(await within(await screen.findByRole('region', { name: 'Events' })).findByText('charge.success')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await within(list()).findByText('api_key.created')).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(router.state.location.search).toBe('?type=charge.success&page=2');
    expect(calls.map(({ url }) => url.search)).toEqual(['?page=1&type=charge.success', '?page=2&type=charge.success']);

    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(await within(list()).findByText('charge.success')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=charge.success');
  });

  it('has no page links when everything fits on one page', async () => {
    stubEvents(() => ({ events: [charge] }));
    renderEvents();
    await within(await screen.findByRole('region', { name: 'Events' })).findAllByRole('listitem');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says so when there are no events yet', async () => {
    stubEvents(() => ({ events: [] }));
    renderEvents();
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Events' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the events cannot be loaded, and tries again on request", async () => {
    let fail = true;
    const calls = stubEvents(() => (fail ? 'error' : { events: [charge] }));
    const { user } = renderEvents();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The events could not be read just now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('region', { name: 'Events' })).findAllByRole('listitem')).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });
});
