import type { Application, Company } from '@fipay/contracts/company';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyQueryOptions } from '../../api/company';
import { queryClient } from '../../lib/query-client';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { DashboardPage } from './dashboard-page';

const session = sessionFixture();

function companyWith(application: Partial<Application>): Company {
  return { ...session.company, application: { ...session.company.application, ...application } };
}

const ngn = { currency: 'NGN', available: 1_234_567, pending: 150_000, payoutsInTransit: 250_000, received: 2_000_000, refunded: 50_000, paidOut: 300_000 };
let balances = [ngn];

/** 30 days ending today, with test payments on the last one. */
const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, in: i === 29 ? '1200000' : '0', out: '0', count: i === 29 ? 1 : 0 }));
const ok = (data: unknown) => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data }), { status: 200 });

/** Answers GET company/me with `company`, or never when `company` is a pending promise; the balance and the NGN overview too. */
function stubCompanyMe(company: Company | Promise<never>) {
  const mock = vi.fn(async (url: string) => {
    if (url.endsWith('/balance')) return ok({ balances });
    if (url.includes('/wallet/NGN/overview')) return ok({ asset: 'NGN', livemode: false, days, totals: { in: '1200000', out: '0' } });
    if (company instanceof Promise) return company;
    return new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: company }), { status: 200 });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function renderDashboard() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/kyc/*" element={<h1>KYC screen</h1>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

describe('DashboardPage KYC banner', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('greets the user by first name, and fetches the company fresh', async () => {
    const fetchMock = stubCompanyMe(companyWith({ status: { code: 'SUBMITTED' } }));
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByText('Your account is under verification.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/company/me');
    expect(useAuthStore.getState().company?.application.status.code).toBe('SUBMITTED');
  });

  it('shows the stored status while the fresh one loads', () => {
    stubCompanyMe(new Promise<never>(() => {}));
    renderDashboard();
    // The session fixture's application is IN_PROGRESS at step 3.
    expect(screen.getByText('Complete your KYC process to Go Live!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to KYC' })).toHaveAttribute('href', '/kyc/documents');
  });

  it('tells a submitted company to wait, and can be dismissed', async () => {
    stubCompanyMe(companyWith({ status: { code: 'SUBMITTED' } }));
    const user = renderDashboard();
    const banner = await screen.findByRole('region', { name: 'KYC status' });
    await vi.waitFor(() => expect(within(banner).getByText('Your account is under verification.')).toBeInTheDocument());
    expect(within(banner).getByText('Please wait while we review your KYC submission.')).toBeInTheDocument();
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'KYC status' })).not.toBeInTheDocument();
  });

  it('congratulates an approved company', async () => {
    stubCompanyMe(companyWith({ status: { code: 'APPROVED' } }));
    const user = renderDashboard();
    expect(await screen.findByText('Your account has been approved! You can now enjoy full access.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your account has been approved! You can now enjoy full access.')).not.toBeInTheDocument();
  });

  it('shows a rejected company the reason and a way to start again at its current step', async () => {
    stubCompanyMe(
      companyWith({
        status: { code: 'REJECTED' },
        rejectionReason: 'The MEMART is unreadable.',
        progress: { currentStep: 4 },
      }),
    );
    const user = renderDashboard();
    expect(await screen.findByText('Your KYC was rejected.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start KYC Again' })).toHaveAttribute('href', '/kyc/representative');

    const viewReason = screen.getByRole('button', { name: 'View Reason' });
    await user.click(viewReason);
    const dialog = screen.getByRole('dialog', { name: 'Rejection Reason' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('The MEMART is unreadable.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(viewReason).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your KYC was rejected.')).not.toBeInTheDocument();
  });

  it('a final rejection keeps the reason but offers no new start', async () => {
    stubCompanyMe(
      companyWith({ status: { code: 'REJECTED' }, rejectionReason: 'Sanctions screening match.', rejectionFinal: true }),
    );
    const user = renderDashboard();
    expect(await screen.findByText('Your KYC was rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start KYC Again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Reason' }));
    expect(within(screen.getByRole('dialog', { name: 'Rejection Reason' })).getByText('Sanctions screening match.')).toBeInTheDocument();
  });

  it('tells a company asked for changes what to fix, and leads to the first step with work', async () => {
    const item = {
      target: 'document' as const,
      reason: 'blurry' as const,
      reasonLabel: 'The file is blurry or unreadable.',
      note: null,
      step: 3,
      requestedAt: '2026-11-22T10:00:00.000Z',
    };
    stubCompanyMe(
      companyWith({
        status: { code: 'CHANGES_REQUESTED' },
        progress: { currentStep: 3 },
        reviewItems: [
          { ...item, id: 'i1', key: 'proofOfAddress', label: 'Proof of Address', message: 'Proof of Address: The file is blurry or unreadable.', addressed: false },
          { ...item, id: 'i2', key: 'memart', label: 'MEMART', message: 'MEMART: The file is blurry or unreadable.', addressed: true },
        ],
      }),
    );
    const user = renderDashboard();
    const banner = await screen.findByRole('region', { name: 'KYC status' });
    await vi.waitFor(() => expect(within(banner).getByText('Your KYC needs a few changes.')).toBeInTheDocument());
    expect(within(banner).getByRole('listitem')).toHaveTextContent('Proof of Address: The file is blurry or unreadable.');
    expect(within(banner).queryByText(/MEMART/)).not.toBeInTheDocument();
    expect(within(banner).queryByText('Complete your KYC process to Go Live!')).not.toBeInTheDocument();
    const proceed = within(banner).getByRole('link', { name: 'Proceed to KYC' });
    expect(proceed).toHaveAttribute('href', '/kyc/documents');
    // The onboarding steps read this same answer: what was submitted, and the progress.
    expect(queryClient.getQueryData<Company>(companyQueryOptions().queryKey)?.application.progress.currentStep).toBe(3);
    await user.click(proceed);
    expect(await screen.findByRole('heading', { name: 'KYC screen' })).toBeInTheDocument();
  });

  it("says 'No reason provided.' when the rejection has none", async () => {
    stubCompanyMe(companyWith({ status: { code: 'REJECTED' }, rejectionReason: null }));
    const user = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Reason' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejection Reason' });
    expect(dialog).toHaveAccessibleDescription('No reason provided.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a company that has not started to complete its KYC from step 1', async () => {
    stubCompanyMe(companyWith({ status: { code: null }, progress: { currentStep: 1 } }));
    const user = renderDashboard();
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Proceed to KYC' })).toHaveAttribute('href', '/kyc'),
    );
    expect(screen.getByText('Complete your KYC process to Go Live!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Proceed to KYC' }));
    expect(await screen.findByRole('heading', { name: 'KYC screen' })).toBeInTheDocument();
  });

  it('keeps the stored status when the fresh one cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    useAuthStore.setState({ company: companyWith({ status: { code: 'APPROVED' } }) });
    renderDashboard();
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByText('Your account has been approved! You can now enjoy full access.')).toBeInTheDocument();
  });
});

describe('DashboardPage home sections', () => {
  beforeEach(() => {
    balances = [ngn];
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useAuthStore.setState({ showBalance: true });
    stubCompanyMe(new Promise<never>(() => {}));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the three quick links', () => {
    renderDashboard();
    const links = within(screen.getByRole('navigation', { name: 'Quick links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [expect.stringContaining('Share a payment link'), '/payment-links'],
      [expect.stringContaining('Get API keys'), '/api-keys'],
      [expect.stringContaining('See documentation'), '/docs'],
    ]);
  });

  it('shows the balance card figures from the ledger, and leads to every balance in the wallet', async () => {
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Available balance' });
    expect((await within(card).findAllByText('₦12,345.67')).filter((figure) => figure.closest('[hidden]') === null)).toHaveLength(1);
    // Sent: what was paid out to the bank, refunds not counted; received: what customers paid, before refunds,
    // with the refunds on a line of their own and what is left after them.
    expect(within(card).getByText('Total sent').closest('div')).toHaveTextContent(/^Total sent₦3,000\.00Paid out to your bank$/);
    expect(within(card).getByText('Total received').closest('div')).toHaveTextContent(/^Total received₦20,000\.00Before refunds$/);
    expect(within(card).getByText('Refunded to customers').closest('div')).toHaveTextContent(
      /^Refunded to customers₦500\.00₦19,500\.00 received after refunds$/,
    );
    expect(within(card).queryByText(/Refunds taken from payments still on their way/)).not.toBeInTheDocument();
    expect(within(card).getAllByText('₦12,345.67')[0]!.closest('p')).toHaveClass('text-slate-900');
    // Money on its way: pending until the next business day, and a payout the bank has not confirmed yet.
    expect(within(card).getByText(/pending, available on the next business day/)).toHaveTextContent('₦1,500.00 pending, available on the next business day');
    expect(within(card).getByText(/on its way to your bank account/)).toHaveTextContent('₦2,500.00 on its way to your bank account');

    // Every asset's balance is on the wallet page.
    expect(within(card).getByRole('link', { name: 'See all balances' })).toHaveAttribute('href', '/dashboard/wallet');
  });

  it('hides every figure while the balance is hidden', async () => {
    useAuthStore.setState({ showBalance: false });
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Available balance' });
    // Available, pending, on its way, sent, received, refunded and after refunds.
    await waitFor(() => expect(within(card).getAllByText('Hidden')).toHaveLength(7));
    expect(within(card).queryByText(/0\.00/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/₦/)).not.toBeInTheDocument();
  });

  it('shows a balance below zero with its sign, in red, and says why', async () => {
    // A refund after the day's payout, taken from a payment still pending.
    balances = [{ ...ngn, available: -450_000, pending: 2_000_000, payoutsInTransit: 0 }];
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Available balance' });
    const [figure] = await within(card).findAllByText('-₦4,500.00');
    expect(figure!.closest('p')).toHaveClass('text-red-700');
    expect(
      within(card).getByText('Refunds taken from payments still on their way to you. Your next payments make this up before anything is paid out.'),
    ).toBeInTheDocument();
    expect(within(card).getByText(/pending, available on the next business day/)).toHaveTextContent('₦20,000.00 pending');
  });

  it('keeps a balance below zero to itself while balances are hidden', async () => {
    balances = [{ ...ngn, available: -450_000 }];
    useAuthStore.setState({ showBalance: false });
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Available balance' });
    await waitFor(() => expect(within(card).getAllByText('Hidden')).toHaveLength(7));
    expect(within(card).queryByText(/Refunds taken from payments/)).not.toBeInTheDocument();
    expect(within(card).getAllByText('Hidden')[0]!.closest('p')).toHaveClass('text-slate-900');
  });

  it("charts the test payments in test mode, with SPEC's call to switch to live mode over them", async () => {
    renderDashboard();
    const overview = screen.getByRole('region', { name: 'Transaction Overview' });
    expect(within(overview).getByText('Switch to Live Mode to see analytics')).toBeVisible();
    expect(await within(overview).findByRole('table', { name: 'Test NGN in and out per day, last 30 days' })).toHaveTextContent('₦12,000.00');
    expect(within(overview).getByText('Test data')).toBeVisible();
  });

  it('switches the Transaction Overview currency between NGN, USD and GHS', async () => {
    const user = renderDashboard();
    const overview = screen.getByRole('region', { name: 'Transaction Overview' });
    const group = within(overview).getByRole('group', { name: 'Currency' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['NGN', 'USD', 'GHS']);
    expect(within(group).getByRole('button', { name: 'NGN' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(overview).getByText('Switch to Live Mode to see analytics')).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'GHS' }));
    expect(within(group).getByRole('button', { name: 'GHS' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'NGN' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(overview).getByText('FiPay does not hold GHS.')).toBeInTheDocument();
    expect(within(overview).getByText('Switch to Live Mode to see analytics')).toBeVisible();
  });
});
