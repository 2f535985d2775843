import { messages } from '@fipay/contracts/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from './api/password-recovery';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('./api/password-recovery', () => ({ resetPassword: vi.fn(), requestPasswordReset: vi.fn() }));

function renderAt(url: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return user;
}

describe('ResetPasswordPage', () => {
  // A block: what beforeEach returns is run as clean-up, and the mock must not be called then.
  beforeEach(() => {
    vi.mocked(resetPassword).mockReset();
  });
  afterEach(() => act(() => toast.remove()));

  it('keeps the button disabled until a password is typed', async () => {
    const user = renderAt('/reset-password?token=t1');
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'N3w$ecret!');
    expect(submit).toBeEnabled();
  });

  it("puts the server's field error under the password, with its message above the form and as a toast", async () => {
    const tooCommon = 'This password is too common. Choose one that is harder to guess.';
    vi.mocked(resetPassword).mockRejectedValue(
      new ApiError(400, messages.validationFailed, { code: 'VALIDATION_FAILED', errors: { newPassword: tooCommon } }),
    );
    const user = renderAt('/reset-password?token=t1');
    const field = screen.getByLabelText('New Password');
    await user.type(field, 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(resetPassword).toHaveBeenCalledWith({ token: 't1', newPassword: 'password123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.validationFailed);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(field.closest('div')!.parentElement!).getByText(tooCommon)).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(messages.validationFailed);

    // Typing again clears the field's error; the next try is sent.
    vi.mocked(resetPassword).mockResolvedValue({ isSuccessful: true, message: 'OK', data: null });
    await user.type(field, '!X');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.getAllByText(messages.passwordReset).length).toBeGreaterThan(0);
  });

  it('shows a weak password once, under the field, and puts focus there', async () => {
    vi.mocked(resetPassword).mockRejectedValue(
      new ApiError(400, messages.passwordTooShort, { code: 'VALIDATION_FAILED', errors: { newPassword: messages.passwordTooShort } }),
    );
    const user = renderAt('/reset-password?token=t1');
    const field = screen.getByLabelText('New Password');
    await user.type(field, 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(messages.passwordTooShort));
    expect(field).toHaveFocus();
    // Not again above the form, nor as a toast.
    expect(screen.getAllByText(messages.passwordTooShort)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the link is invalid without a token, and never calls the server', async () => {
    const user = renderAt('/reset-password');
    await user.type(screen.getByLabelText('New Password'), 'N3w$ecret!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.invalidOrExpiredToken);
    expect(resetPassword).not.toHaveBeenCalled();
  });
});
