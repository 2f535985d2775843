import type { PaymentMethodReviewItem } from '@fipay/contracts/back-office-wallet';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { PaymentMethodReviewsPage } from './payment-method-reviews-page';
import { COMPANY_ID, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      { path: '/admin', Component: AdminLayout, children: [{ path: 'payment-methods', Component: PaymentMethodReviewsPage }] },
    ],
    { initialEntries: ['/admin/payment-methods'] },
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

const method = (id: string, accountName: string): PaymentMethodReviewItem => ({
  id,
  livemode: true,
  kind: 'ng_bank_account',
  currency: 'NGN',
  country: 'NG',
  accountName,
  bankName: 'GTBank',
  bankCode: '058',
  accountNumber: '••••••4579',
  status: 'needs_review',
  nameReview: 'needs_review',
  usableFrom: '2026-11-27T09:00:00.000Z',
  createdAt: '2026-11-26T09:00:00.000Z',
  company: { id: COMPANY_ID, name: 'Adebayo Foods Ltd' },
});
const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';

describe('PaymentMethodReviewsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('lists methods with the legal name beside the holder name, loads more, accepts one and rejects one with a reason', async () => {
    signInAs(plainReviewer);
    const api = stubApi([
      ['GET', 'admin/payment-methods/needs-review', ok({ paymentMethods: [method(FIRST, 'JOHN DOE'), method(SECOND, 'MARY SMITH')], nextBefore: SECOND })],
      ['POST', `admin/payment-methods/${FIRST}/clear-review`, ok(method(FIRST, 'JOHN DOE'))],
      ['POST', `admin/payment-methods/${SECOND}/reject`, ok(method(SECOND, 'MARY SMITH'))],
    ]);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment methods to review' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Payment methods' })).toHaveAttribute('aria-current', 'page');
    const list = screen.getByRole('list', { name: 'Payment methods waiting for review' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Business legal name');
    expect(first).toHaveTextContent('Adebayo Foods Ltd');
    expect(first).toHaveTextContent('JOHN DOE');
    expect(first).toHaveTextContent('••••••4579');

    api.mock.mockImplementationOnce(async () =>
      new Response(JSON.stringify(ok({ paymentMethods: [method(THIRD, 'OLD NAME')], nextBefore: null }).body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('OLD NAME')).toBeInTheDocument();
    expect(String(api.mock.mock.calls.at(-1)![0])).toContain(`before=${SECOND}`);

    await user.click(within(first).getByRole('button', { name: 'Accept name' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Accept this account name?' })).getByRole('button', { name: 'Accept name' }));
    await vi.waitFor(() => expect(screen.queryByText('JOHN DOE')).not.toBeInTheDocument());

    const second = screen.getByText('MARY SMITH').closest('li')!;
    await user.click(within(second).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this payment method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason the business will see.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (the business sees it)'), 'Not the business name.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(screen.queryByText('MARY SMITH')).not.toBeInTheDocument());
    const [, init] = api.calls('POST', `admin/payment-methods/${SECOND}/reject`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Not the business name.' });
  });

  it('says when nothing waits', async () => {
    signInAs(plainReviewer);
    stubApi([['GET', 'admin/payment-methods/needs-review', ok({ paymentMethods: [], nextBefore: null })]]);
    renderPage();
    expect(await screen.findByText('Nothing waits for a review.')).toBeInTheDocument();
  });
});
