import type { TwoFactorMethod } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { waitForRealForm } from '../../test/real-form';
import { sessionFixture } from '../../test/session-fixture';
import { resendVerification } from './api/email-verification';
import { initiateLogin, resendLoginOtp, verifyLoginOtp } from './api/login';
import { LoginPage } from './login-page';

vi.mock('./api/login', () => ({ initiateLogin: vi.fn(), verifyLoginOtp: vi.fn(), resendLoginOtp: vi.fn() }));
vi.mock('./api/email-verification', () => ({ resendVerification: vi.fn(), verifyEmail: vi.fn() }));

const PROOF = 'proof-of-this-attempt';

function initiated(method: TwoFactorMethod | null) {
  return { isSuccessful: true, message: 'OK', data: { twoFactorEnabled: method !== null, twoFactorMethod: method, passwordProof: PROOF } };
}

function renderLogin(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return user;
}

async function submitCredentials(user: ReturnType<typeof userEvent.setup>, email = 'ada@acme.ng') {
  await user.click(screen.getByPlaceholderText('Email / Phone Number'));
  await waitForRealForm();
  await user.type(screen.getByPlaceholderText('Email / Phone Number'), email);
  await user.type(screen.getByPlaceholderText('Password'), 'Sup3r$ecret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
    useKycStore.getState().reset();
    vi.mocked(initiateLogin).mockReset();
    vi.mocked(verifyLoginOtp).mockReset();
    vi.mocked(resendLoginOtp).mockReset();
    vi.mocked(resendVerification).mockReset();
  });

  it('names each field with a visible label and keeps its placeholder', () => {
    renderLogin();
    const id = screen.getByLabelText('Email or phone number');
    expect(id).toHaveAttribute('placeholder', 'Email / Phone Number');
    expect(screen.getByText('Email or phone number')).not.toHaveClass('sr-only');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('placeholder', 'Password');
    expect(screen.getByText('Password', { selector: 'label' })).not.toHaveClass('sr-only');
  });

  it('verifies at once with an empty code when two-factor is off, then stores the session', async () => {
    const session = sessionFixture();
    vi.mocked(initiateLogin).mockResolvedValue(initiated(null));
    vi.mocked(verifyLoginOtp).mockResolvedValue({ isSuccessful: true, message: 'OK', data: session });
    const user = renderLogin();
    await submitCredentials(user);

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(verifyLoginOtp).toHaveBeenCalledWith({ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: '', passwordProof: PROOF });
    expect(useAuthStore.getState().user).toEqual(session.user);
    expect(useKycStore.getState().documents).toEqual(session.company.application.documents);
    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
  });

  it('asks for the code when two-factor is on and signs in with it', async () => {
    vi.mocked(initiateLogin).mockResolvedValue(initiated('authenticator'));
    vi.mocked(verifyLoginOtp).mockResolvedValue({ isSuccessful: true, message: 'OK', data: sessionFixture() });
    const user = renderLogin();
    await submitCredentials(user);

    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeInTheDocument();
    expect(screen.getByText('Check your authenticator app for the 6-digit code')).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify & Sign In' });
    expect(verify).toBeDisabled();
    expect(verifyLoginOtp).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Digit 1 of 6'), '123456');
    await user.click(verify);
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(verifyLoginOtp).toHaveBeenCalledWith({ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: '123456', passwordProof: PROOF });
  });

  it('accepts a recovery code in place of the 6-digit code', async () => {
    vi.mocked(initiateLogin).mockResolvedValue(initiated('authenticator'));
    vi.mocked(verifyLoginOtp).mockResolvedValue({ isSuccessful: true, message: 'OK', data: sessionFixture() });
    const user = renderLogin();
    await submitCredentials(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), ' abcd-efgh ');
    await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(verifyLoginOtp).toHaveBeenCalledWith({ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: 'abcd-efgh', passwordProof: PROOF });
  });

  it('shows the server message or the OTP fallback when the code is wrong', async () => {
    vi.mocked(initiateLogin).mockResolvedValue(initiated('authenticator'));
    vi.mocked(verifyLoginOtp).mockRejectedValue(new ApiError(401, ''));
    const user = renderLogin();
    await submitCredentials(user);
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText(messages.otpFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveValue('');
    // A refused code is not a refused proof: the call is not repeated without it.
    expect(verifyLoginOtp).toHaveBeenCalledTimes(1);
  });

  it('signs in with the password alone when the proof has lapsed while the code was fetched', async () => {
    vi.mocked(initiateLogin).mockResolvedValue(initiated('authenticator'));
    vi.mocked(verifyLoginOtp)
      .mockRejectedValueOnce(new ApiError(401, messages.invalidCredentials, { code: 'INVALID_CREDENTIALS' }))
      .mockResolvedValueOnce({ isSuccessful: true, message: 'OK', data: sessionFixture() });
    const user = renderLogin();
    await submitCredentials(user);
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(vi.mocked(verifyLoginOtp).mock.calls).toEqual([
      [{ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: '123456', passwordProof: PROOF }],
      [{ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: '123456' }],
    ]);
    expect(screen.queryByText(messages.invalidCredentials)).not.toBeInTheDocument();
  });

  it('toasts the server message when the credentials are wrong', async () => {
    vi.mocked(initiateLogin).mockRejectedValue(new ApiError(401, messages.invalidCredentials));
    const user = renderLogin();
    await submitCredentials(user);
    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("puts the server's field errors under the fields and toasts its message", async () => {
    vi.mocked(initiateLogin).mockRejectedValue(
      new ApiError(400, messages.validationFailed, { code: 'VALIDATION_FAILED', errors: { password: messages.fieldRequired } }),
    );
    const user = renderLogin();
    await user.click(screen.getByPlaceholderText('Email / Phone Number'));
    await waitForRealForm();
    await user.type(screen.getByPlaceholderText('Email / Phone Number'), 'ada@acme.ng');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(messages.validationFailed)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(messages.fieldRequired);
    expect(screen.getByLabelText('Email or phone number')).not.toHaveAttribute('aria-invalid');
  });

  it('falls back to Login failed when the server sends no message', async () => {
    vi.mocked(initiateLogin).mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderLogin();
    await submitCredentials(user);
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument();
  });

  it('offers to resend the verification email when the address is not verified', async () => {
    vi.mocked(initiateLogin).mockRejectedValue(
      new ApiError(403, messages.emailNotVerified, { code: 'EMAIL_NOT_VERIFIED' }),
    );
    vi.mocked(resendVerification).mockResolvedValue({
      isSuccessful: true,
      message: messages.verificationResent,
      data: null,
    });
    const user = renderLogin();
    await submitCredentials(user, 'Ada@Acme.ng');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailNotVerified);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(resendVerification).toHaveBeenCalledWith('ada@acme.ng');
    expect(await screen.findByText(messages.verificationResent)).toBeInTheDocument();
  });

  describe('with email codes', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says to check the email, offers no recovery code and signs in with the emailed code', async () => {
      vi.mocked(initiateLogin).mockResolvedValue(initiated('email'));
      vi.mocked(verifyLoginOtp).mockResolvedValue({ isSuccessful: true, message: 'OK', data: sessionFixture() });
      const user = renderLogin({ advanceTimers: vi.advanceTimersByTime });
      await submitCredentials(user);

      expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeInTheDocument();
      expect(screen.getByText('Check your email for the 6-digit code')).toBeInTheDocument();
      expect(screen.queryByText('Check your authenticator app for the 6-digit code')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
      // The server has just sent a code, so a new one waits for the resend gap.
      expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();

      await user.type(screen.getByLabelText('Digit 1 of 6'), '482913');
      await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
      expect(verifyLoginOtp).toHaveBeenCalledWith({ email: 'ada@acme.ng', password: 'Sup3r$ecret', otp: '482913', passwordProof: PROOF });
    });

    it('resends the code when the countdown ends, then counts down the server gap again', async () => {
      vi.mocked(initiateLogin).mockResolvedValue(initiated('email'));
      vi.mocked(resendLoginOtp).mockResolvedValue({
        isSuccessful: true,
        message: messages.emailCodeSent,
        data: { expiresInSeconds: 600, resendInSeconds: 45 },
      });
      const user = renderLogin({ advanceTimers: vi.advanceTimersByTime });
      await submitCredentials(user);
      await screen.findByRole('button', { name: 'Resend code in 60s' });

      act(() => vi.advanceTimersByTime(59_000));
      expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(1_000));
      await user.click(screen.getByRole('button', { name: 'Resend code' }));

      expect(resendLoginOtp).toHaveBeenCalledWith({ email: 'ada@acme.ng', password: 'Sup3r$ecret' });
      expect(await screen.findByText(messages.emailCodeSent)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend code in 45s' })).toBeDisabled();
    });

    it('toasts the server message when a resend is refused', async () => {
      vi.mocked(initiateLogin).mockResolvedValue(initiated('email'));
      vi.mocked(resendLoginOtp).mockRejectedValue(new ApiError(429, messages.emailCodeWait(12), { code: 'RATE_LIMITED' }));
      const user = renderLogin({ advanceTimers: vi.advanceTimersByTime });
      await submitCredentials(user);
      await screen.findByRole('button', { name: 'Resend code in 60s' });
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend code' }));

      expect(await screen.findByText('Please wait 12 seconds before requesting a new code.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    });
  });
});
