import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { TransactionsPage } from './transactions-page';

const pagination = { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 0 };

function answer(url: string): Response {
  const data = url.startsWith('/api/v1/settlements') ? { settlements: [], pagination, hold: null } : { transactions: [], nextCursor: null };
  return new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data }), { status: 200 });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/dashboard/transactions', Component: TransactionsPage }], { initialEntries: [path] });
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { user: userEvent.setup(), router };
}

describe('TransactionsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
    vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(url)));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the payments', async () => {
    renderAt('/dashboard/transactions');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
  });

  it('opens on the payouts when the address names that tab, and keeps the chosen tab in the address', async () => {
    const { user, router } = renderAt('/dashboard/transactions?tab=payouts');
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // Tabs replace the history entry: Back leaves the page instead of flipping tabs.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    expect(router.state.location.search).toBe('?tab=payouts');
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
  });
});
