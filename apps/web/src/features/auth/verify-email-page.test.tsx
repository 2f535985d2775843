import { messages } from '@fipay/contracts/messages';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { verifyEmail } from './api/email-verification';
import { VerifyEmailPage } from './verify-email-page';

vi.mock('./api/email-verification', () => ({ verifyEmail: vi.fn(), resendVerification: vi.fn() }));

function renderAt(url: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/verify-email" element={<VerifyEmailPage />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('VerifyEmailPage', () => {
  beforeEach(() => {
    vi.mocked(verifyEmail).mockReset();
  });

  it('verifies the token once, even under StrictMode, and shows success', async () => {
    vi.mocked(verifyEmail).mockResolvedValue({ isSuccessful: true, message: messages.emailVerified, data: null });
    renderAt('/verify-email?token=abc123');
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByText('You can now log in to your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(verifyEmail).toHaveBeenCalledTimes(1);
    expect(verifyEmail).toHaveBeenCalledWith('abc123');
  });

  it('shows the server message and the resend form when verification fails', async () => {
    vi.mocked(verifyEmail).mockRejectedValue(new ApiError(400, messages.invalidOrExpiredToken));
    renderAt('/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText(messages.invalidOrExpiredToken)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  it('does not call the server without a token', () => {
    renderAt('/verify-email');
    expect(verifyEmail).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
  });
});
