import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useAdminSession } from './admin-session';
import { AdminLoginPage } from './login-page';
import { ok, stubFetch } from './test-fixtures';

const reviewer = { id: 'r1', email: 'ada@fipay.ng', name: 'Ada Obi', role: 'admin' as const, twoFactorEnabled: true };
const session = (scope: 'enrolment' | 'full', token = `fpr_${scope}`) => ({
  token,
  scope,
  expiresAt: '2099-01-01T00:00:00.000Z',
  idleTimeoutSeconds: 1800,
});


function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', Component: AdminLoginPage },
      { path: '/admin', element: <h1>Queue screen</h1> },
    ],
    { initialEntries: ['/admin/login'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), router };
}

async function enterCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@fipay.ng');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Compliance & Care 2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('AdminLoginPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = stubFetch(ok({}));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusal for a wrong password', async () => {
    stubFetch({ status: 401, body: { isSuccessful: false, message: 'Incorrect email or password.', data: null } });
    const { user } = renderLogin();
    await enterCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(useAdminSession.getState().session).toBeNull();
  });

  it('moves to the code stage on otp_required, then signs in with the code into the back-office store only', async () => {
    const fetchMock = stubFetch(
      ok({ stage: 'otp_required', session: null, reviewer: null }),
      ok({ stage: 'signed_in', session: session('full'), reviewer }, 'Signed in.'),
    );
    const { user, router } = renderLogin();
    await enterCredentials(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
      email: 'ada@fipay.ng',
      password: 'Compliance & Care 2026',
      otp: '123456',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/auth/login');
    expect(useAdminSession.getState().session?.token).toBe('fpr_full');
    // The company session is untouched.
    expect(useAuthStore.getState().accessToken).toBeNull();
    expect(localStorage.getItem('auth-storage') ?? '').not.toContain('fpr_full');
  });

  it('leads a reviewer without an authenticator through enrolment and shows the recovery codes once', async () => {
    const fetchMock = stubFetch(
      ok({ stage: 'enrolment', session: session('enrolment'), reviewer: { ...reviewer, twoFactorEnabled: false } }),
      ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=' }),
      ok({ recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'], session: session('full', 'fpr_new'), reviewer }),
    );
    const { user, router } = renderLogin();
    await enterCredentials(user);
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    // The setup call carries the enrolment token.
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer fpr_enrolment');

    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    await user.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(useAdminSession.getState().session).toMatchObject({ token: 'fpr_new', scope: 'full' });
  });
});
