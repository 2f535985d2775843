import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import toast from 'react-hot-toast';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyQueryOptions } from '../api/company';
import { BankDetailsStep } from '../features/kyc/bank-details-step';
import { KycLayout } from '../features/kyc/kyc-layout';
import { queryClient } from '../lib/query-client';
import { useAuthStore } from '../stores/auth-store';
import { useKycStore } from '../stores/kyc-store';
import { sessionFixture } from '../test/session-fixture';
import { QueryLayout } from './query-layout';
import { RootLayout } from './root-layout';
import { AppToaster } from './toaster';

// A dismissed toast leaves after its exit animation (one second in react-hot-toast).
const gone = { timeout: 2500 };

function FormPage() {
  return (
    <>
      <h1>Form page</h1>
      <button type="button" onClick={() => toast.error('Failed to submit profile.')}>
        Fail
      </button>
      <button type="button" onClick={() => toast.success('Business profile submitted!')}>
        Succeed
      </button>
      <button type="button" onClick={() => toast('Copied.')}>
        Note
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderApp(initialPath = '/form') {
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          // Lazy as in the app's route table, so the layout mounts after the toaster.
          { path: '/form', lazy: async () => ({ Component: FormPage }) },
          { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
          {
            Component: QueryLayout,
            children: [{ path: '/kyc', Component: KycLayout, children: [{ path: 'bank-details', Component: BankDetailsStep }] }],
          },
          { path: '/dashboard', element: <h1>Dashboard screen</h1> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  const user = userEvent.setup();
  // As main.tsx renders it: StrictMode's extra effect runs must not leave the toaster deaf.
  render(
    <StrictMode>
      <RouterProvider router={router} />
      <AppToaster />
    </StrictMode>,
  );
  return { user, router };
}

describe('AppToaster', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('dismisses the error toasts when the user leaves the page, and keeps the success ones', async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Note' }));
    expect(await screen.findByText('Failed to submit profile.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to submit profile.')).not.toBeInTheDocument(), gone);
    expect(screen.getByText('Copied.')).toBeInTheDocument();
  });

  it("dismisses a form's error toasts when it then submits successfully", async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    expect(await screen.findByText('Failed to submit profile.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByText('Business profile submitted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to submit profile.')).not.toBeInTheDocument(), gone);
    // An error raised after the success stands.
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByText('Failed to submit profile.')).toBeInTheDocument();
  });

  it('shows a repeated message once instead of stacking copies', async () => {
    const { user } = renderApp();
    await screen.findByRole('button', { name: 'Fail' });
    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(screen.getAllByText('Failed to submit profile.')).toHaveLength(1), gone);
  });

  it('still shows at most 20 toasts', async () => {
    renderApp();
    await screen.findByRole('button', { name: 'Fail' });
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Note ${i}`);
    });
    await waitFor(() => expect(screen.queryByText('Note 5')).not.toBeInTheDocument(), gone);
    expect(screen.getByText('Note 6')).toBeInTheDocument();
    expect(screen.getByText('Note 25')).toBeInTheDocument();
  });

  describe('on the bank step', () => {
    const banks = [{ bank_name: 'Guaranty Trust Bank', code: '058' }];
    const resolved = { account_name: 'ACME LOGISTICS LTD', account_number: '0123456789', bank_code: '058', bank_name: 'Guaranty Trust Bank' };

    beforeEach(() => {
      localStorage.clear();
      const session = sessionFixture();
      useAuthStore.getState().setSession(session);
      // The dashboard loaded the company on the way in.
      queryClient.setQueryData(companyQueryOptions().queryKey, session.company);
      useKycStore.getState().reset();
      useKycStore.setState({ banks });
    });

    it('leaves a refused submission behind once a later one succeeds and the dashboard opens', async () => {
      const answers = [
        { status: 200, body: { isSuccessful: true, message: 'OK', data: resolved } },
        { status: 400, body: { isSuccessful: false, message: 'Failed to submit KYB.', data: null } },
        { status: 200, body: { isSuccessful: true, message: 'KYB submitted for verification successful!', data: null } },
      ];
      let call = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          const answer = answers[Math.min(call++, answers.length - 1)]!;
          return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
        }),
      );
      const { user, router } = renderApp('/kyc/bank-details');

      await user.type(screen.getByRole('combobox', { name: 'Bank' }), 'Guaranty Trust Bank');
      await user.type(screen.getByLabelText('Account Number'), '0123456789');
      await user.type(screen.getByLabelText('BVN'), '22345678901');
      expect(await screen.findByDisplayValue('ACME LOGISTICS LTD')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findAllByText('Failed to submit KYB.')).not.toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(screen.getByText('KYB submitted for verification successful!')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Failed to submit KYB.')).not.toBeInTheDocument(), gone);
    });
  });
});
