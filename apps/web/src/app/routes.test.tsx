import { configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { useKycStore } from '../stores/kyc-store';
import { sessionFixture } from '../test/session-fixture';
import { RouteErrorPage } from './route-error-page';
import { routes } from './routes';

// Every route's code loads on demand, each the first time in this file: on a busy machine that takes longer than
// the 1 s the findBy queries wait by default.
configure({ asyncUtilTimeout: 5000 });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('loads the landing page on demand', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
  });

  it('serves each legal document and lists all of them', async () => {
    renderAt('/legal/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(within(nav).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the not-found page for an unknown legal document', async () => {
    renderAt('/legal/gift-cards');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from the dashboard to the sign-in screen', async () => {
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/kyc', 'Which best describes your business?'],
    ['/kyc/business-profile', 'Add your business profile'],
    ['/kyc/documents', 'Upload verification documents'],
    ['/kyc/representative', "Add your business' representatives"],
    ['/kyc/bank-details', 'Add your bank to receive settlements'],
  ])('shows onboarding step %s inside the onboarding layout', async (path, title) => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().hydrateFromApplication(session.company.application);
    // The steps' own loads (bank list) are not what this checks.
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set up your business account' })).toBeInTheDocument();
  });

  it('shows /docs without signing in: the merchant API from the contracts, and no dashboard-only or back-office route', async () => {
    renderAt('/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/v1/docs');
    expect(screen.getByRole('link', { name: /OpenAPI specification/ })).toHaveAttribute('href', '/api/v1/openapi.json');
    for (const heading of ['Authentication', 'Test and live modes', 'Idempotent requests', 'Answers, errors and pagination', 'Events', 'Webhooks']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    const reference = screen.getByRole('region', { name: 'Reference' });
    const paths = within(reference).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(paths).toContain('POST/api/v1/webhook-endpoints');
    expect(paths).toContain('GET/api/v1/events');
    expect(paths.filter((p) => /api-keys|admin|auth|company|account/.test(p ?? ''))).toEqual([]);
    // The create body's fields, read from its contract.
    expect(within(reference).getAllByRole('rowheader', { name: 'url' }).length).toBeGreaterThan(0);
  });

  it('shows the University at /learn without signing in, in the public frame, each guide at its own address', async () => {
    renderAt('/learn');
    expect(await screen.findByRole('heading', { level: 1, name: 'University' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/learn');
    expect(screen.getByRole('link', { name: /Going live/ })).toHaveAttribute('href', '/learn/going-live');
  });

  describe('inside the dashboard shell', () => {
    beforeEach(() => {
      useAuthStore.getState().setSession(sessionFixture());
      // What the pages load is not what these check.
      vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    });

    async function expectInShell(path: string, title: string | RegExp) {
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    }

    it.each([
      ['/dashboard', 'Welcome, Ada'],
      ['/dashboard/settings', 'Account Settings'],
      ['/dashboard/security', /Security/],
      ['/dashboard/notifications', 'All Notifications'],
      ['/api-keys', 'API Keys'],
      ['/dashboard/dev', 'Developer'],
      ['/dashboard/transactions', 'My Transactions'],
      ['/payment-links', 'Payment Links'],
      ['/dashboard/events', 'Events'],
      ['/dashboard/payment-methods', 'Payment Methods'],
      ['/dashboard/offers', 'My Offers'],
      ['/dashboard/trades', 'Trade History'],
      ['/dashboard/trade-history', 'Trade History'],
      ['/dashboard/favorites', 'Favorite Offers'],
      ['/dashboard/university', 'University'],
      ['/dashboard/university/escrow-and-disputes', 'How escrow and disputes work'],
      ['/dashboard/community', 'Community'],
      ['/dashboard/partners', 'Recent Trade Partners'],
      ['/dashboard/trade-partners', 'Trade Partners'],
      ['/dashboard/statistics', 'Trade Statistics'],
      ['/dashboard/badges', 'Trader Program Badges'],
    ])('shows %s inside the shell', async (path, title) => {
      await expectInShell(path, title);
    });

    it('keeps the not-found page for an unknown dashboard path', async () => {
      renderAt('/dashboard/nowhere');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    });

    it('keeps the onboarding outside the shell', async () => {
      useKycStore.getState().hydrateFromApplication(sessionFixture().company.application);
      renderAt('/kyc');
      expect(await screen.findByRole('heading', { level: 1, name: 'Which best describes your business?' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    });
  });

  it('sends a signed-out visitor from the onboarding to the sign-in screen', async () => {
    const router = renderAt('/kyc/business-profile');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the representative approval page without a session', async () => {
    renderAt('/approve-rep?companyId=c&repId=r&token=t');
    expect(await screen.findByRole('button', { name: 'I Approve and Consent' })).toBeInTheDocument();
  });

  it('asks for a reload when a page chunk cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
