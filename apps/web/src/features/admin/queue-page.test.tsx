import type { QueueData, QueueItem } from '@fipay/contracts/back-office';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { QueuePage } from './queue-page';
import { COMPANY_ID, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

const item: QueueItem = {
  companyId: COMPANY_ID,
  companyName: 'Adebayo Foods Ltd',
  userEmail: 'ade@adebayofoods.ng',
  businessType: 'Registered Business',
  subType: 'SME',
  cacNumber: 'RC1234567',
  status: 'SUBMITTED',
  submittedAt: '2026-11-20T09:00:00.000Z',
  waitingSeconds: 3600,
  assignee: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const page = (applications: QueueItem[]): QueueData => ({
  applications,
  pagination: { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: applications.length },
  counts: { SUBMITTED: 1, IN_PROGRESS: 0, CHANGES_REQUESTED: 0, APPROVED: 0, REJECTED: 0 },
});

function renderQueue(url: string) {
  const router = createMemoryRouter([{ path: '/admin', Component: QueuePage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { router, user: userEvent.setup() };
}

describe('QueuePage search', () => {
  beforeEach(() => {
    sessionStorage.clear();
    signInAs(plainReviewer);
  });
  afterEach(() => {
    useAdminSession.getState().clear();
    vi.unstubAllGlobals();
  });

  it('searches the trimmed words, puts them in the URL, and follows the URL when it changes', async () => {
    const api = stubApi([['GET', 'admin/applications', ok(page([item]))]]);
    const searched = () => api.calls('GET', 'admin/applications').map(([url]) => new URL(String(url), 'http://app.test').searchParams.get('q'));
    const { router, user } = renderQueue('/admin?q=adebayo');
    const box = screen.getByRole('searchbox', { name: 'Search by company name, email or CAC number' });
    expect(box).toHaveValue('adebayo');
    expect(await screen.findByText('Adebayo Foods Ltd')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '  RC1234567 {Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=RC1234567'));
    await vi.waitFor(() => expect(searched()).toContain('RC1234567'));

    // Back, or a link to another search: the box shows what is searched.
    await act(() => router.navigate(-1));
    expect(box).toHaveValue('adebayo');

    // Only spaces: the search is cleared.
    await user.clear(box);
    await user.type(box, '   {Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
