import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, useAuthStore } from '../../stores/auth-store';
import { useDisplayCurrency } from '../../stores/display-currency-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { DashboardShell } from './dashboard-shell';
import { SIDEBAR_STORAGE_KEY } from './use-sidebar-collapsed';

function Page() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}

/** The bell in the top bar asks for the latest notifications (an empty list keeps it quiet); logout answers as the server does. */
let total = { USD: '1234567', NGN: '1913578850', complete: true };

const kindLimit = (kind: string, label: string, leftCents: string, left: string) => ({
  kind,
  label,
  limitCents: '100000',
  usedCents: String(100_000 - Number(leftCents)),
  leftCents,
  limit: '1000 USD',
  used: '',
  left,
});
/** Today's figures as GET /limits answers them: some of the Send limit used already. */
const limitsData = {
  tier: 'approved',
  tierLabel: 'Approved',
  livemode: false,
  day: '2026-11-26',
  resetsAt: '2026-11-27T00:00:00.000Z',
  limits: [kindLimit('trade', 'Buy/Sell', '100000', '1000 USD'), kindLimit('send', 'Send', '74950', '749.50 USD')],
  openRequest: null,
  canRequest: true,
};

function answer(url: string): Response {
  const data = url.includes('/notification/')
    ? { notifications: [], unreadCount: 0 }
    : url.endsWith('/wallet')
      ? { livemode: false, asOf: '2026-11-26T12:00:00.000Z', assets: [], total }
      : url.endsWith('/limits')
        ? limitsData
        : url.endsWith('/community')
          ? { url: 'https://community.fipay.ng', links: [] }
          : null;
  return new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data }), { status: 200 });
}

function renderShell(path = '/dashboard') {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Sign in screen</h1> },
      { Component: DashboardShell, children: [{ path: '*', Component: Page }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { user, router };
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const profileButton = () => screen.getByRole('button', { name: 'Profile menu' });

// Each test walks the whole shell (both sidebars, menus, the drawer) through user events: on a busy machine
// some take longer than vitest's default 5 s.
describe('DashboardShell', { timeout: 20_000 }, () => {
  beforeEach(() => {
    total = { USD: '1234567', NGN: '1913578850', complete: true };
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
    useAuthStore.setState({ showBalance: true });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(url)));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists Dashboard, then the ten sidebar entries in order, and highlights the current one', async () => {
    renderShell('/dashboard/offers');
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/offers' })).toBeInTheDocument();
    const nav = within(sidebar()).getByRole('navigation', { name: 'Dashboard' });
    // SPEC's list comes first and stays as it is; the payments group follows it.
    const links = within(within(nav).getAllByRole('list')[0]!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Trade History', '/dashboard/trades'],
      ['Recent Trade Partners', '/dashboard/partners'],
      ['My Offers', '/dashboard/offers'],
      ['Favorite Offers', '/dashboard/favorites'],
      ['Trade Statistics', '/dashboard/statistics'],
      ['Trader Program Badges', '/dashboard/badges'],
      ['Account Settings', '/dashboard/settings'],
      ['University', '/dashboard/university'],
      ['Community', '/dashboard/community'],
      ['Developer', '/dashboard/dev'],
    ]);
    expect(within(nav).getByRole('link', { name: 'My Offers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Trade History' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(sidebar()).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('groups the payment pages below the ten entries: Wallet, Transactions, Payment Links, Payouts, API keys, Events and Docs', async () => {
    renderShell('/dashboard/offers');
    const nav = within(sidebar()).getByRole('navigation', { name: 'Dashboard' });
    const [spec, payments] = within(nav).getAllByRole('list');
    expect(within(nav).getByRole('list', { name: 'Payments' })).toBe(payments);
    expect(spec!.compareDocumentPosition(payments!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(payments!).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Wallet', '/dashboard/wallet'],
      ['Transactions', '/dashboard/transactions'],
      ['Payment Links', '/payment-links'],
      ['Payouts', '/dashboard/transactions?tab=payouts'],
      ['API keys', '/api-keys'],
      ['Events', '/dashboard/events'],
      ['Docs', '/docs'],
    ]);
    for (const link of within(payments!).getAllByRole('link')) {
      expect(link.querySelector('svg')).toBeInTheDocument();
      expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('marks the payments entry of the page showing, telling the transactions tab from the payouts tab', async () => {
    const { user, router } = renderShell('/dashboard/transactions');
    const payments = () => within(sidebar()).getByRole('list', { name: 'Payments' });
    const current = () =>
      within(payments())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/transactions' })).toBeInTheDocument();
    expect(current()).toEqual(['Transactions']);
    expect(within(payments()).getByRole('link', { name: 'Transactions' })).toHaveClass('bg-brand-50', 'text-brand-700');

    await user.click(within(payments()).getByRole('link', { name: 'Payouts' }));
    expect(router.state.location.search).toBe('?tab=payouts');
    expect(current()).toEqual(['Payouts']);
    expect(within(payments()).getByRole('link', { name: 'Transactions' })).not.toHaveClass('bg-brand-50');

    await user.click(within(payments()).getByRole('link', { name: 'Events' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/events' })).toBeInTheDocument();
    expect(current()).toEqual(['Events']);
    await user.click(within(payments()).getByRole('link', { name: 'Payment Links' }));
    expect(current()).toEqual(['Payment Links']);
    await user.click(within(payments()).getByRole('link', { name: 'API keys' }));
    expect(current()).toEqual(['API keys']);
    // Nothing in SPEC's list is current on these pages.
    expect(within(sidebar()).getAllByRole('link').filter((link) => link.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('keeps the payments group in the icon strip, each entry an icon named by its label', async () => {
    const { user } = renderShell('/dashboard/transactions?tab=payouts');
    await user.click(within(sidebar()).getByRole('button', { name: 'Collapse sidebar' }));
    const payments = within(sidebar()).getByRole('list', { name: 'Payments' });
    expect(within(sidebar()).getByText('Payments')).toHaveClass('sr-only');
    for (const name of ['Wallet', 'Transactions', 'Payment Links', 'Payouts', 'API keys', 'Events', 'Docs']) {
      const link = within(payments).getByRole('link', { name });
      expect(link.querySelector('svg')).toBeInTheDocument();
      expect(within(link).getByText(name)).toHaveClass('opacity-0', 'fixed');
    }
    expect(within(payments).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');

    // Pointing at an entry puts its tooltip level with it (jsdom lays nothing out, so at 0).
    const docs = within(payments).getByRole('link', { name: 'Docs' });
    await user.hover(docs);
    expect(docs.style.getPropertyValue('--tip-y')).toBe('0px');
  });

  it('leads home from any page with the Dashboard entry, current on the dashboard home only', async () => {
    const { user } = renderShell('/dashboard/security');
    const nav = within(sidebar()).getByRole('navigation', { name: 'Dashboard' });
    const home = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home.querySelector('svg')).toBeInTheDocument();

    await user.click(home);
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeInTheDocument();
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(home).toHaveClass('bg-brand-50', 'text-brand-700');

    // The icon strip keeps it, named by its tooltip.
    await user.click(within(sidebar()).getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByText('Dashboard')).toHaveClass('opacity-0', 'fixed');
  });

  it('collapses the sidebar to the icon strip and back, keeping every entry named, and remembers it', async () => {
    const { user } = renderShell();
    const collapse = within(sidebar()).getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).toHaveClass('md:w-64');

    await user.click(collapse);
    const expand = within(sidebar()).getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(expand).toHaveFocus();
    expect(sidebar()).toHaveClass('md:w-16');
    expect(sidebar()).not.toHaveClass('md:w-64');
    // Icons only: the labels name the links (and show as tooltips) instead of taking space.
    expect(within(sidebar()).getByRole('link', { name: 'Account Settings' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(sidebar()).getByText('Account Settings')).toHaveClass('opacity-0', 'fixed');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');

    await user.click(expand);
    expect(sidebar()).toHaveClass('md:w-64');
    expect(within(sidebar()).getByText('Account Settings')).not.toHaveClass('fixed');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
  });

  it('starts collapsed when the sidebar was collapsed before', () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'true');
    renderShell();
    expect(sidebar()).toHaveClass('md:w-16');
    expect(within(sidebar()).getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('shows the masked email and hides or shows the balance, remembering the choice', async () => {
    const { user } = renderShell();
    const banner = screen.getByRole('banner');
    // In the bar itself, and at the top of the profile menu (where phones, with less room, see it).
    expect(within(banner).getByText('ad...@acme.ng')).toHaveTextContent('Signed in as ad...@acme.ng');
    await user.click(profileButton());
    const panel = document.getElementById(profileButton().getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('ad...@acme.ng')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(within(banner).queryByText('ada@acme.ng')).not.toBeInTheDocument();
    // The wallet's total in the display currency (USD unless chosen otherwise): whole on wider screens (and for screen readers), short on phones.
    expect(await within(banner).findAllByText('12,345.67 USD')).toHaveLength(2);
    expect(within(banner).getByText('12.3K USD')).toHaveAttribute('aria-hidden', 'true');

    await user.click(within(banner).getByRole('button', { name: 'Hide balance' }));
    expect(within(banner).queryByText('12,345.67 USD')).not.toBeInTheDocument();
    expect(within(banner).queryByText('12.3K USD')).not.toBeInTheDocument();
    expect(within(banner).getByText('••••••')).toBeInTheDocument();
    expect(useAuthStore.getState().showBalance).toBe(false);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!).state.showBalance).toBe(false);

    await user.click(within(banner).getByRole('button', { name: 'Show balance' }));
    expect(within(banner).getAllByText('12,345.67 USD')).toHaveLength(2);
    expect(useAuthStore.getState().showBalance).toBe(true);
  });

  it('shows the total in naira when that is the display currency, and small totals whole', async () => {
    useDisplayCurrency.getState().setCurrency('NGN');
    renderShell();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findAllByText('19,135,788.50 NGN')).toHaveLength(2);
    expect(within(banner).getByText('19.1M NGN')).toHaveAttribute('aria-hidden', 'true');
    useDisplayCurrency.getState().setCurrency('USD');
  });

  it('shows a total under 1,000 as it is, on phones too', async () => {
    total = { USD: '0', NGN: '0', complete: true };
    renderShell();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('0.00 USD')).toBeInTheDocument();
  });

  it('opens the profile menu with its entries, the crypto limits and Join Community in a new tab', async () => {
    const { user } = renderShell();
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(profileButton());
    expect(profileButton()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(profileButton().getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(within(panel).getByText('Ada Okafor')).toBeInTheDocument();

    // What is really left today, from GET /limits, in SPEC's '1000 USD left' form.
    const limits = within(panel).getByRole('region', { name: 'Your Crypto Limits' });
    await waitFor(() => expect(within(limits).getByText('Send').nextSibling).toHaveTextContent('749.50 USD left'));
    expect(within(limits).getByText('Buy/Sell').nextSibling).toHaveTextContent('1000 USD left');
    expect(within(limits).getByRole('menuitem', { name: 'Increase Limits' })).toHaveAccessibleDescription(
      'Buy/Sell 1000 USD left Send 749.50 USD left',
    );

    expect(panel).toHaveAttribute('role', 'menu');
    // The community site is the server's setting (GET /community).
    await waitFor(() => expect(within(panel).getByRole('menuitem', { name: /Join Community/ })).toHaveAttribute('href', 'https://community.fipay.ng'));
    const entries = within(panel)
      .getAllByRole('menuitem')
      .filter((item) => item.tagName === 'A');
    expect(entries.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Payment Methods', '/dashboard/payment-methods'],
      ['Settings', '/dashboard/settings'],
      ['Trade History', '/dashboard/trade-history'],
      ['Trade Partners', '/dashboard/trade-partners'],
      ['My Transactions', '/dashboard/transactions'],
      ['Join Community(opens in a new tab)', 'https://community.fipay.ng'],
    ]);
    const community = within(panel).getByRole('menuitem', { name: /Join Community/ });
    expect(community).toHaveAttribute('target', '_blank');
    expect(community).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(panel).getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('moves through the profile menu by keyboard and closes it on Escape, focus back on its button', async () => {
    const { user } = renderShell();
    profileButton().focus();
    await user.keyboard('{Enter}');
    expect(profileButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Increase Limits' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Payment Methods' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Increase Limits' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Increase Limits' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(profileButton()).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Increase Limits' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/payment-methods' })).toBeInTheDocument();
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it("opens 'Increase Limits' as a request form, checks the volume as the server does and sends the request", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/limit-requests') && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          const request = {
            id: 'c0ffee00-0000-4000-8000-000000000001',
            status: 'pending',
            expectedMonthlyVolumeCents: '2500000',
            expectedMonthlyVolume: '25000 USD',
            purpose: 'Paying suppliers abroad every week.',
            sourceOfFunds: 'Business revenue',
            document: null,
            createdAt: '2026-11-26T12:00:00.000Z',
            decidedAt: null,
            decision: null,
          };
          return new Response(JSON.stringify({ isSuccessful: true, message: "We've received your request.", data: request }), { status: 201 });
        }
        return answer(url);
      }),
    );
    const { user } = renderShell();
    await user.click(profileButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Increase Limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Increase Limits' });
    expect(within(dialog).getByText('Your tier: Approved. Daily limits: Buy/Sell 1000 USD and Send 1000 USD.')).toBeInTheDocument();
    const volume = within(dialog).getByLabelText('Expected monthly volume (USD)');
    await user.type(volume, '25,000.001');
    await user.type(within(dialog).getByLabelText('Purpose'), 'Paying suppliers abroad every week.');
    await user.type(within(dialog).getByLabelText('Source of funds'), 'Business revenue');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('USD amounts have at most 2 decimal places.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(volume);
    await user.type(volume, '25,000');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ expectedMonthlyVolume: '25,000', purpose: 'Paying suppliers abroad every week.', sourceOfFunds: 'Business revenue' }]);
  });

  it('closes the profile menu on an outside click and on navigation', async () => {
    const { user, router } = renderShell();
    await user.click(profileButton());
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(profileButton());
    await user.click(screen.getByRole('menuitem', { name: 'My Transactions' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/transactions' })).toBeInTheDocument();
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.pathname).toBe('/dashboard/transactions');
  });

  it('logs out from the sidebar: the server revokes the session and the user lands on the sign-in screen', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => answer(url));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = renderShell();
    await user.click(within(sidebar()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The bell polls notifications too; the logout call is the one that matters here.
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/logout');
    expect(logoutCall).toBeDefined();
    expect(JSON.parse(String(logoutCall![1]!.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('logs out from the profile menu too', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(url)));
    const { user } = renderShell();
    await user.click(profileButton());
    const panel = document.getElementById(profileButton().getAttribute('aria-controls')!)!;
    await user.click(within(panel).getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in screen' })).toBeInTheDocument();
    expect(useAuthStore.getState().accessToken).toBeNull();
  });

  it('opens the sidebar as a modal drawer from the menu button and closes it on the close button, an outside click and navigation', async () => {
    const { user } = renderShell();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Sidebar' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(menu).toHaveAttribute('aria-controls', drawer.id);
    // The same entries as the wide sidebar, in the same order, and Log Out.
    const nav = within(drawer).getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(
      within(screen.getByRole('complementary', { name: 'Sidebar', hidden: true }))
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    );
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    // The page behind is out of reach: hidden from assistive technology and from the pointer.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(document.body).toHaveStyle({ pointerEvents: 'none' });

    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(menu).toHaveFocus());
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(menu);
    // The backdrop beside the drawer (both are portalled to the body).
    const backdrop = document.querySelector<HTMLElement>('body > [data-state="open"]:not([role])')!;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(menu).toHaveFocus());

    await user.click(menu);
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'University' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/university' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Choosing the page already showing closes it too.
    await user.click(menu);
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'University' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the payments group in the drawer too, marking the page showing', async () => {
    const { user } = renderShell();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Payouts' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(menu);
    const payments = within(screen.getByRole('dialog')).getByRole('list', { name: 'Payments' });
    expect(within(payments).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    expect(within(payments).getByRole('link', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
  });

  it('closes the drawer when the browser goes back', async () => {
    const { user, router } = renderShell('/dashboard/offers');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Community' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/community' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Sidebar' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/offers' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus in the open drawer and on Escape closes it, focus back on the menu button', async () => {
    const { user } = renderShell();
    const menu = screen.getByRole('button', { name: 'Menu' });
    menu.focus();
    await user.keyboard('{Enter}');
    const drawer = screen.getByRole('dialog', { name: 'Sidebar' });
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveFocus();

    // Forwards from the last item wraps to the first, backwards from the first to the last.
    await user.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    expect(within(drawer).getByRole('link', { name: 'FiPay home' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(within(drawer).getByRole('link', { name: 'FiPay home' })).toHaveFocus();
    // A full round of Tab never leaves the drawer.
    for (let i = 0; i < 14; i += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
