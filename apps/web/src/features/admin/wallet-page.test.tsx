import type { AdminWallet, WalletStatementLine } from '@fipay/contracts/back-office-wallet';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { COMPANY_ID, adminReviewer, fail, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';
import { WalletPage } from './wallet-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      {
        path: '/admin',
        Component: AdminLayout,
        children: [
          { path: 'applications/:companyId', element: <h1>The case</h1> },
          { path: 'applications/:companyId/wallet', Component: WalletPage },
        ],
      },
    ],
    { initialEntries: [`/admin/applications/${COMPANY_ID}/wallet`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup(), router };
}

const freeze = { reason: 'Chargebacks from one card range.', since: '2026-11-26T09:00:00.000Z', by: { id: plainReviewer.id, name: plainReviewer.name } };
const wallet = (testFreeze: typeof freeze | null = null): AdminWallet => ({
  company: { id: COMPANY_ID, name: 'Adebayo Foods Ltd' },
  modes: [
    { mode: 'live', freeze: null, balances: [{ asset: 'NGN', available: '2452500', held: '0', pending: '100000', inTransit: '0' }] },
    {
      mode: 'test',
      freeze: testFreeze,
      balances: [
        { asset: 'NGN', available: '-5000', held: '0', pending: '10000', inTransit: '0' },
        { asset: 'ETH', available: '1500000000000000001', held: '250000000000000000', pending: '0', inTransit: '0' },
      ],
    },
  ],
});
const line = (id: number, amount: string, balanceAfter: string, direction: 'in' | 'out' = 'in'): WalletStatementLine => ({
  id: String(id),
  at: '2026-11-26T10:00:00.000Z',
  kind: 'charge.released',
  reference: `ref-${id}`,
  description: `Payment ${id}`,
  direction,
  amount,
  balanceAfter,
});

describe('WalletPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('shows balances per mode exactly, and pages the statement with Load more', async () => {
    signInAs(plainReviewer);
    const api = stubApi([
      ['GET', `admin/applications/${COMPANY_ID}/wallet`, ok(wallet())],
      [
        'GET',
        `admin/applications/${COMPANY_ID}/wallet/statement`,
        (init) => {
          void init;
          return ok({ lines: [line(9, '2452500', '2452500')], nextBefore: '9' });
        },
      ],
    ]);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Adebayo Foods Ltd' })).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances (live)' });
    expect(within(balances).getAllByText('₦24,525.00').length).toBeGreaterThan(0);
    expect(within(balances).getAllByText('₦1,000.00').length).toBeGreaterThan(0);
    expect(await screen.findByText('Payment 9')).toBeInTheDocument();
    expect(screen.getByText('Balance ₦24,525.00')).toBeInTheDocument();

    api.mock.mockImplementationOnce(async () =>
      new Response(JSON.stringify(ok({ lines: [line(4, '50000', '0', 'out')], nextBefore: null }).body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Payment 4')).toBeInTheDocument();
    expect(screen.getByText('−₦500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const statementCalls = api.calls('GET', `admin/applications/${COMPANY_ID}/wallet/statement`);
    expect(String(statementCalls.at(-1)![0])).toContain('before=9');

    // Test mode: every digit of an 18-decimal amount, a negative naira balance, the held amount.
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    const test = screen.getByRole('region', { name: 'Balances (test)' });
    expect(within(test).getAllByText('Ξ1.500000000000000001').length).toBeGreaterThan(0);
    expect(within(test).getAllByText('Ξ0.25').length).toBeGreaterThan(0);
    expect(within(test).getAllByText('-₦50.00').length).toBeGreaterThan(0);
  });

  it('freezes a mode only with a reason and a confirmation, and a reviewer is told only an admin unfreezes', async () => {
    signInAs(plainReviewer);
    let frozen = false;
    const api = stubApi([
      ['GET', `admin/applications/${COMPANY_ID}/wallet`, () => ok(wallet(frozen ? freeze : null))],
      ['GET', `admin/applications/${COMPANY_ID}/wallet/statement`, ok({ lines: [], nextBefore: null })],
      [
        'POST',
        `admin/applications/${COMPANY_ID}/wallet/freeze`,
        () => {
          frozen = true;
          return ok({ mode: 'test', freeze }, 'Wallet frozen. Nothing can leave it until it is unfrozen; deposits still credit.');
        },
      ],
    ]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Test' }));
    const panel = screen.getByRole('region', { name: 'Freeze (test)' });
    await user.click(within(panel).getByRole('button', { name: 'Freeze wallet' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze the test wallet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    expect(api.calls('POST', `admin/applications/${COMPANY_ID}/wallet/freeze`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (the company sees it)'), 'Chargebacks from one card range.');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText(/Wallet frozen\./)).toBeInTheDocument();
    const [, init] = api.calls('POST', `admin/applications/${COMPANY_ID}/wallet/freeze`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ mode: 'test', reason: 'Chargebacks from one card range.' });
    expect(await within(panel).findByText(/Chargebacks from one card range\./)).toBeInTheDocument();
    expect(within(panel).getByText('Only an admin can unfreeze a wallet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Unfreeze' })).not.toBeInTheDocument();
  });

  it("lets an admin unfreeze with a reason, and shows the server's refusal in the dialog", async () => {
    signInAs(adminReviewer);
    stubApi([
      ['GET', `admin/applications/${COMPANY_ID}/wallet`, ok(wallet(freeze))],
      ['GET', `admin/applications/${COMPANY_ID}/wallet/statement`, ok({ lines: [], nextBefore: null })],
      ['POST', `admin/applications/${COMPANY_ID}/wallet/unfreeze`, fail(409, 'This wallet is not frozen in this mode.', { code: 'CONFLICT' })],
    ]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Test' }));
    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    const dialog = screen.getByRole('dialog', { name: 'Unfreeze the test wallet?' });
    await user.type(within(dialog).getByLabelText('Reason for unfreezing'), 'Owner confirmed.');
    await user.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    expect(await within(dialog).findByText('This wallet is not frozen in this mode.')).toBeInTheDocument();
  });

  it('says so when the company is not found, with the way back to the case', async () => {
    signInAs(plainReviewer);
    stubApi([['GET', `admin/applications/${COMPANY_ID}/wallet`, fail(404, 'Company not found.', { code: 'NOT_FOUND' })]]);
    const { user, router } = renderPage();
    expect(await screen.findByText('Company not found.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Case' }));
    expect(router.state.location.pathname).toBe(`/admin/applications/${COMPANY_ID}`);
  });
});
