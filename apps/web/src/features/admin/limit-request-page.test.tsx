import type { LimitCase } from '@fipay/contracts/daily-limits';
import { limitMessages } from '@fipay/contracts/daily-limits';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { LimitRequestPage } from './limit-request-page';
import { LimitRequestsPage } from './limit-requests-page';
import { COMPANY_ID, fail, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

const REQUEST_ID = 'e0000000-0000-4000-8000-000000000009';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      {
        path: '/admin',
        Component: AdminLayout,
        children: [
          { path: 'limit-requests', Component: LimitRequestsPage },
          { path: 'limit-requests/:requestId', Component: LimitRequestPage },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup() };
}

const limit = (kind: 'trade' | 'send', label: string) => ({ kind, label, limitCents: '100000', usedCents: '0', leftCents: '100000', limit: '1000 USD', used: '0 USD', left: '1000 USD' });
const request = {
  id: REQUEST_ID,
  status: 'pending' as const,
  expectedMonthlyVolumeCents: '2500050',
  expectedMonthlyVolume: '25000.50 USD',
  purpose: 'Paying our cocoa suppliers in Ghana every week.',
  sourceOfFunds: 'Business revenue',
  document: { name: 'bank-statement.pdf' },
  createdAt: '2026-11-26T09:00:00.000Z',
  decidedAt: null,
  decision: null,
};
const limitCase: LimitCase = {
  request,
  company: { id: COMPANY_ID, name: 'Adebayo Foods Ltd', kybStatus: 'APPROVED' },
  tier: 'approved',
  limits: [limit('trade', 'Buy/Sell'), limit('send', 'Send')],
  documentUrl: 'https://files.example/statement.pdf',
  tiers: [
    { tier: 'unapproved', label: 'Before approval (test mode)', tradeCents: '100000', sendCents: '100000' },
    { tier: 'approved', label: 'Approved', tradeCents: '100000', sendCents: '100000' },
    { tier: 'tier_2', label: 'Tier 2', tradeCents: '1000000', sendCents: '1000000' },
    { tier: 'tier_3', label: 'Tier 3', tradeCents: '10000000', sendCents: '10000000' },
  ],
  decidedBy: null,
};

describe('limit requests in the back office', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
    signInAs(plainReviewer);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('lists the waiting requests with their volume and tier, each leading to its page', async () => {
    stubApi([
      [
        'GET',
        'admin/limit-requests',
        ok({
          requests: [{ id: REQUEST_ID, companyId: COMPANY_ID, companyName: 'Adebayo Foods Ltd', status: 'pending', tier: 'approved', expectedMonthlyVolume: '25000.50 USD', createdAt: request.createdAt, decidedAt: null }],
          pagination: { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 1 },
          counts: { pending: 1, granted: 4, declined: 2 },
        }),
      ],
    ]);
    renderAt('/admin/limit-requests');
    const link = await screen.findByRole('link', { name: 'Adebayo Foods Ltd' });
    expect(link).toHaveAttribute('href', `/admin/limit-requests/${REQUEST_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('25000.50 USD')).toBeInTheDocument();
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Granted\s*4$/ })).toBeInTheDocument();
  });

  it('grants custom limits typed in dollars as cents, and shows the server’s refusal under the field', async () => {
    const api = stubApi([
      ['GET', `admin/limit-requests/${REQUEST_ID}`, ok(limitCase)],
      [
        'POST',
        `admin/limit-requests/${REQUEST_ID}/decision`,
        fail(403, limitMessages.customAboveTopTier, { code: 'FORBIDDEN' }),
      ],
    ]);
    const { user } = renderAt(`/admin/limit-requests/${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { name: 'Adebayo Foods Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bank-statement.pdf' })).toHaveAttribute('href', 'https://files.example/statement.pdf');
    expect(screen.getByLabelText(/^Grant Tier 2/)).toBeChecked();
    await user.click(screen.getByLabelText(/^Grant custom limits/));
    await user.type(screen.getByLabelText('Buy/Sell a day (USD)'), '250,000');
    await user.type(screen.getByLabelText('Send a day (USD)'), '5,000.50');
    await user.click(screen.getByRole('button', { name: 'Grant limits' }));
    expect(await screen.findByText('Give the reason for your decision.')).toBeInTheDocument();
    expect(api.calls('POST', `admin/limit-requests/${REQUEST_ID}/decision`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason (the business reads it)'), 'Big importer.');
    await user.click(screen.getByRole('button', { name: 'Grant limits' }));
    expect(await screen.findByText(limitMessages.customAboveTopTier)).toBeInTheDocument();
    const [, init] = api.calls('POST', `admin/limit-requests/${REQUEST_ID}/decision`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ decision: 'grant_custom', tradeCents: '25000000', sendCents: '500050', reason: 'Big importer.' });
  });

  it('shows a decided request with its decision and no form', async () => {
    const decided = {
      ...limitCase,
      request: { ...request, status: 'granted' as const, decidedAt: '2026-11-26T10:00:00.000Z', decision: { tier: 'tier_2' as const, tradeCents: '1000000', sendCents: '1000000', reason: 'Statements match.' } },
      decidedBy: { id: plainReviewer.id, name: plainReviewer.name },
    };
    stubApi([['GET', `admin/limit-requests/${REQUEST_ID}`, ok(decided)]]);
    renderAt(`/admin/limit-requests/${REQUEST_ID}`);
    expect(await screen.findByText(/Granted Tier 2: Buy\/Sell 10000 USD, Send 10000 USD a day by Tunde Bello/)).toBeInTheDocument();
    expect(screen.getByText('Reason: Statements match.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant limits' })).not.toBeInTheDocument();
  });
});
