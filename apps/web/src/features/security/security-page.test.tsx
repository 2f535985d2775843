import type { TwoFactorMethod } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { changePassword } from './api/change-password';
import {
  disableAuthenticator,
  disableEmailTwoFactor,
  enableAuthenticator,
  enableEmailTwoFactor,
  sendEmailTwoFactorCode,
  setupAuthenticator,
} from './api/two-factor';
import { SecurityPage } from './security-page';

vi.mock('./api/change-password', () => ({ changePassword: vi.fn() }));
vi.mock('./api/two-factor', () => ({
  setupAuthenticator: vi.fn(),
  enableAuthenticator: vi.fn(),
  disableAuthenticator: vi.fn(),
  sendEmailTwoFactorCode: vi.fn(),
  enableEmailTwoFactor: vi.fn(),
  disableEmailTwoFactor: vi.fn(),
}));

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const qrCodeDataUrl = 'data:image/png;base64,iVBORw0KGgo=';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const ok = { isSuccessful: true, message: 'OK', data: null };

function account(method: TwoFactorMethod | null) {
  return {
    isSuccessful: true,
    message: messages.accountLoaded,
    data: {
      user: {
        id: 'u1',
        firstName: 'Ada',
        lastName: 'Okafor',
        email: 'ada@acme.ng',
        phone: '+2348012345678',
        emailVerifiedAt: '2026-11-01T10:00:00.000Z',
        createdAt: '2026-11-01T09:00:00.000Z',
      },
      company: {
        id: 'c1',
        name: 'Acme Logistics Ltd',
        email: 'hello@acme.ng',
        phone: '+2348012345678',
        website: 'https://acme.ng',
        country: { id: 160, name: 'Nigeria' },
        address: '12 Marina Road, Lagos',
        registrationNo: 'RC1234567',
        createdAt: '2026-11-01T09:00:00.000Z',
      },
      kyb: { status: null, currentStep: 1, submittedAt: null, rejectionFinal: false },
      security: { twoFactorMethod: method, passwordChangedAt: null },
    },
  };
}

/** GET account/me, the only call that reaches the network here (the others are mocked above). */
const getAccount = vi.fn<() => Promise<Response>>();
const answer = (body: unknown, status = 200) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

function renderPage(method: TwoFactorMethod | null = null, options: Parameters<typeof userEvent.setup>[0] = {}) {
  getAccount.mockImplementation(answer(account(method)));
  const user = userEvent.setup(options);
  render(
    <>
      <SecurityPage />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return user;
}

// hidden: an open dialog hides the page behind it from assistive technology, and tests look there too.
const option = (name: 'Authenticator App' | 'Email Code') =>
  screen.getByRole('heading', { name, level: 3, hidden: true }).closest('li') as HTMLElement;

/** The option's button, once the settings have loaded and it can be pressed. */
async function optionButton(name: 'Authenticator App' | 'Email Code', label: 'Activate now' | 'Turn off') {
  const button = await within(option(name)).findByRole('button', { name: label });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('SecurityPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', vi.fn(() => getAccount()));
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the two-factor options and the change-password form with the texts of SPEC.md', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authenticator App' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Code' })).toBeInTheDocument();
    const activate = screen.getAllByRole('button', { name: 'Activate now' });
    expect(activate).toHaveLength(2);
    await waitFor(() => activate.forEach((button) => expect(button).toBeEnabled()));
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeInTheDocument();
  });

  it('keeps the buttons disabled until the settings have loaded, and offers a retry when loading fails', async () => {
    getAccount.mockImplementationOnce(answer({ isSuccessful: false, message: messages.genericError, data: null }, 500));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<SecurityPage />, { wrapper: QueryWrapper });
    for (const button of screen.getAllByRole('button', { name: 'Activate now' })) expect(button).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.genericError);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    getAccount.mockImplementationOnce(answer(account('email')));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(option('Email Code')).findByText('Active')).toBeInTheDocument();
    expect(getAccount).toHaveBeenCalledTimes(2);
  });

  describe('authenticator app', () => {
    it('enrols: shows the QR code and the key, confirms with a code, then shows the recovery codes once', async () => {
      vi.mocked(setupAuthenticator).mockResolvedValue({
        isSuccessful: true,
        message: messages.twoFactorSetup,
        data: { secret, otpauthUrl: `otpauth://totp/FiPay:ada%40acme.ng?secret=${secret}`, qrCodeDataUrl },
      });
      vi.mocked(enableAuthenticator).mockResolvedValue({
        isSuccessful: true,
        message: messages.twoFactorEnabled,
        data: { recoveryCodes },
      });
      const user = renderPage();
      await user.click(await optionButton('Authenticator App', 'Activate now'));

      const dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
      expect(within(dialog).getByRole('img', { name: /QR code/ })).toHaveAttribute('src', qrCodeDataUrl);
      expect(within(dialog).getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      expect(within(dialog).getByLabelText('Digit 1 of 6')).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(secret);

      const verify = within(dialog).getByRole('button', { name: 'Verify & Activate' });
      expect(verify).toBeDisabled();
      await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
      await user.keyboard('123456');
      await user.click(verify);
      expect(enableAuthenticator).toHaveBeenCalledWith('123456');

      const codesDialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
      const list = within(codesDialog).getByRole('list', { name: 'Recovery codes' });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
      expect(screen.getByText(messages.twoFactorEnabled)).toBeInTheDocument();

      await user.click(within(codesDialog).getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(recoveryCodes.join('\n'));

      // Escape does not lose the codes: only the explicit confirmation closes this view.
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
      await user.click(within(codesDialog).getByRole('button', { name: 'I have saved these codes' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      expect(within(option('Authenticator App')).getByText('Active')).toBeInTheDocument();
      expect(within(option('Authenticator App')).getByRole('button', { name: 'Turn off' })).toBeEnabled();
      const emailActivate = within(option('Email Code')).getByRole('button', { name: 'Activate now' });
      expect(emailActivate).toBeDisabled();
      expect(emailActivate).toHaveAccessibleDescription(
        'Turn off the Authenticator App first: only one method can be on at a time.',
      );
      // The server's confirmation was written into the cached account: it was not asked for again.
      expect(getAccount).toHaveBeenCalledTimes(1);
    });

    it('downloads the recovery codes as a text file', async () => {
      vi.mocked(setupAuthenticator).mockResolvedValue({
        isSuccessful: true,
        message: 'OK',
        data: { secret, otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl },
      });
      vi.mocked(enableAuthenticator).mockResolvedValue({ isSuccessful: true, message: 'OK', data: { recoveryCodes } });
      const blobs: Blob[] = [];
      const { createObjectURL, revokeObjectURL } = URL;
      URL.createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:codes';
      });
      URL.revokeObjectURL = vi.fn();
      const clicked: HTMLAnchorElement[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      const user = renderPage();
      await user.click(await optionButton('Authenticator App', 'Activate now'));
      await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: 'Verify & Activate' }));
      await user.click(await screen.findByRole('button', { name: 'Download' }));

      expect(clicked).toHaveLength(1);
      expect(clicked[0]!.download).toBe('fipay-recovery-codes.txt');
      expect(clicked[0]!.href).toBe('blob:codes');
      const text = await blobs[0]!.text();
      expect(text).toContain('FiPay recovery codes for ada@acme.ng');
      for (const code of recoveryCodes) expect(text).toContain(code);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:codes');
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });

    it('keeps the dialog open with the server message when the code is wrong', async () => {
      vi.mocked(setupAuthenticator).mockResolvedValue({
        isSuccessful: true,
        message: 'OK',
        data: { secret, otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl },
      });
      vi.mocked(enableAuthenticator).mockRejectedValue(new ApiError(400, messages.otpInvalid));
      const user = renderPage();
      await user.click(await optionButton('Authenticator App', 'Activate now'));
      const dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
      await user.keyboard('000000');
      await user.click(within(dialog).getByRole('button', { name: 'Verify & Activate' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.otpInvalid);
      expect(within(dialog).getByLabelText('Digit 1 of 6')).toHaveValue('');
      expect(within(dialog).getByLabelText('Digit 1 of 6')).toHaveFocus();
      expect(within(option('Authenticator App')).queryByText('Active')).not.toBeInTheDocument();
    });

    it('toasts the server message when setup is refused', async () => {
      vi.mocked(setupAuthenticator).mockRejectedValue(new ApiError(409, messages.twoFactorOtherMethodOn));
      const user = renderPage();
      await user.click(await optionButton('Authenticator App', 'Activate now'));
      expect(await screen.findByText(messages.twoFactorOtherMethodOn)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('turns off with the password and a code, showing field errors from the server', async () => {
      vi.mocked(disableAuthenticator)
        .mockRejectedValueOnce(
          new ApiError(400, messages.passwordIncorrect, {
            code: 'BAD_REQUEST',
            errors: { password: messages.passwordIncorrect },
          }),
        )
        .mockResolvedValueOnce({ ...ok, message: messages.twoFactorDisabled });
      const user = renderPage('authenticator');
      await user.click(await optionButton('Authenticator App', 'Turn off'));
      const dialog = screen.getByRole('dialog', { name: 'Turn off the authenticator app' });
      expect(within(dialog).getByLabelText('Password')).toHaveFocus();

      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(within(dialog).getAllByText(messages.fieldRequired)).toHaveLength(2);
      expect(disableAuthenticator).not.toHaveBeenCalled();

      await user.type(within(dialog).getByLabelText('Password'), 'wrong password');
      await user.type(within(dialog).getByLabelText('Authenticator or recovery code'), ' abcd0-efgh0 ');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(disableAuthenticator).toHaveBeenCalledWith({ password: 'wrong password', otp: 'abcd0-efgh0' });
      expect(await within(dialog).findByText(messages.passwordIncorrect)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

      await user.clear(within(dialog).getByLabelText('Password'));
      await user.type(within(dialog).getByLabelText('Password'), 'Sup3r$ecret');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(await screen.findByText(messages.twoFactorDisabled)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(option('Authenticator App')).getByRole('button', { name: 'Activate now' })).toBeEnabled();
      expect(within(option('Email Code')).getByRole('button', { name: 'Activate now' })).toBeEnabled();
    });
  });

  describe('email code', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sends a code, counts down the resend, and turns on with the emailed code', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.mocked(sendEmailTwoFactorCode).mockResolvedValue({
        isSuccessful: true,
        message: messages.emailCodeSent,
        data: { expiresInSeconds: 600, resendInSeconds: 60 },
      });
      vi.mocked(enableEmailTwoFactor).mockResolvedValue({ ...ok, message: messages.emailTwoFactorEnabled });
      const user = renderPage(null, { advanceTimers: vi.advanceTimersByTime });
      await user.click(await optionButton('Email Code', 'Activate now'));

      const dialog = await screen.findByRole('dialog', { name: 'Turn on email codes' });
      expect(sendEmailTwoFactorCode).toHaveBeenCalledTimes(1);
      expect(dialog).toHaveAccessibleDescription('We sent a 6-digit code to ada@acme.ng. It expires in 10 minutes.');
      expect(within(dialog).getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();

      vi.advanceTimersByTime(60_000);
      await user.click(await within(dialog).findByRole('button', { name: 'Resend code' }));
      expect(sendEmailTwoFactorCode).toHaveBeenCalledTimes(2);
      expect(await within(dialog).findByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();

      await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
      await user.keyboard('246810');
      await user.click(within(dialog).getByRole('button', { name: 'Verify & Activate' }));
      expect(enableEmailTwoFactor).toHaveBeenCalledWith('246810');
      expect(await screen.findByText(messages.emailTwoFactorEnabled)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(option('Email Code')).getByText('Active')).toBeInTheDocument();
      expect(within(option('Authenticator App')).getByRole('button', { name: 'Activate now' })).toBeDisabled();
      expect(
        within(option('Authenticator App')).getByText('Turn off Email Code first: only one method can be on at a time.'),
      ).toBeInTheDocument();
    });

    it('reopens within the resend gap without sending another email', async () => {
      vi.mocked(sendEmailTwoFactorCode).mockResolvedValue({
        isSuccessful: true,
        message: messages.emailCodeSent,
        data: { expiresInSeconds: 600, resendInSeconds: 60 },
      });
      const user = renderPage();
      await user.click(await optionButton('Email Code', 'Activate now'));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await user.click(within(option('Email Code')).getByRole('button', { name: 'Activate now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Turn on email codes' });
      expect(sendEmailTwoFactorCode).toHaveBeenCalledTimes(1);
      expect(within(dialog).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    });

    it('still asks for the code when the server says one was sent moments ago', async () => {
      vi.mocked(sendEmailTwoFactorCode).mockRejectedValue(new ApiError(429, messages.emailCodeWait(40)));
      const user = renderPage();
      await user.click(await optionButton('Email Code', 'Activate now'));
      expect(await screen.findByText('Please wait 40 seconds before requesting a new code.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Turn on email codes' })).toHaveAccessibleDescription(
        messages.twoFactorEmailRequired,
      );
    });

    it('turns off with the password and a newly emailed code', async () => {
      vi.mocked(sendEmailTwoFactorCode).mockResolvedValue({
        isSuccessful: true,
        message: messages.emailCodeSent,
        data: { expiresInSeconds: 600, resendInSeconds: 60 },
      });
      vi.mocked(disableEmailTwoFactor).mockResolvedValue({ ...ok, message: messages.emailTwoFactorDisabled });
      const user = renderPage('email');
      await user.click(await optionButton('Email Code', 'Turn off'));
      const dialog = await screen.findByRole('dialog', { name: 'Turn off email codes' });
      expect(sendEmailTwoFactorCode).toHaveBeenCalledTimes(1);

      await user.type(within(dialog).getByLabelText('Password'), 'Sup3r$ecret');
      await user.type(within(dialog).getByLabelText('Code from your email'), '12a34');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(within(dialog).getByText(messages.twoFactorEmailRequired)).toBeInTheDocument();
      expect(disableEmailTwoFactor).not.toHaveBeenCalled();

      await user.type(within(dialog).getByLabelText('Code from your email'), '56');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(disableEmailTwoFactor).toHaveBeenCalledWith({ password: 'Sup3r$ecret', otp: '123456' });
      expect(await screen.findByText(messages.emailTwoFactorDisabled)).toBeInTheDocument();
      expect(within(option('Email Code')).queryByText('Active')).not.toBeInTheDocument();
    });
  });

  describe('change password', () => {
    it('checks the fields before calling the server', async () => {
      const user = renderPage();
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(screen.getByText(messages.fieldRequired)).toBeInTheDocument();
      expect(screen.getByText(messages.passwordTooShort)).toBeInTheDocument();

      await user.type(screen.getByLabelText('Current Password'), 'Same pass 1!');
      await user.type(screen.getByLabelText('New Password'), 'Same pass 1!');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(screen.getByText(messages.passwordUnchanged)).toBeInTheDocument();
      expect(changePassword).not.toHaveBeenCalled();
    });

    it('shows the live checklist for the new password and toggles the current one', async () => {
      const user = renderPage();
      await user.type(screen.getByLabelText('New Password'), 'aB1!efgh');
      expect(screen.getByText(/Password strength:/)).toHaveTextContent('Password strength: Very Strong');
      const current = screen.getByLabelText('Current Password');
      const form = current.closest('form')!;
      await user.click(within(form).getAllByRole('button', { name: 'Show password' })[0]!);
      expect(current).toHaveAttribute('type', 'text');
    });

    it('shows a server field error once, under its field, with focus there', async () => {
      vi.mocked(changePassword).mockRejectedValue(
        new ApiError(400, messages.currentPasswordIncorrect, {
          code: 'BAD_REQUEST',
          errors: { currentPassword: messages.currentPasswordIncorrect },
        }),
      );
      const user = renderPage();
      await user.type(screen.getByLabelText('Current Password'), 'not my password');
      await user.type(screen.getByLabelText('New Password'), 'Cassava & Yam 42');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));

      expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'not my password', newPassword: 'Cassava & Yam 42' });
      const current = screen.getByLabelText('Current Password');
      await vi.waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
      expect(current).toHaveFocus();
      expect(current).toHaveValue('not my password');
      expect(screen.getAllByText(messages.currentPasswordIncorrect)).toHaveLength(1);
    });

    it('shows a too common new password once, under the field', async () => {
      vi.mocked(changePassword).mockRejectedValue(
        new ApiError(400, messages.passwordCommon, { code: 'VALIDATION_FAILED', errors: { newPassword: messages.passwordCommon } }),
      );
      const user = renderPage();
      await user.type(screen.getByLabelText('Current Password'), 'Sup3r$ecret');
      await user.type(screen.getByLabelText('New Password'), 'Password123!');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));

      const field = screen.getByLabelText('New Password');
      await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription(expect.stringContaining(messages.passwordCommon));
      expect(field).toHaveFocus();
      expect(screen.getAllByText(messages.passwordCommon)).toHaveLength(1);
    });

    it('toasts a refusal that names no field', async () => {
      vi.mocked(changePassword).mockRejectedValue(new ApiError(429, 'Too many attempts. Try again in a minute.', { code: 'RATE_LIMITED' }));
      const user = renderPage();
      await user.type(screen.getByLabelText('Current Password'), 'Sup3r$ecret');
      await user.type(screen.getByLabelText('New Password'), 'Cassava & Yam 42');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(await screen.findByText('Too many attempts. Try again in a minute.')).toBeInTheDocument();
    });

    it('waits while busy, then confirms and clears the fields', async () => {
      let resolve: (value: typeof ok) => void = () => {};
      vi.mocked(changePassword).mockReturnValue(new Promise((r) => (resolve = r)));
      const user = renderPage();
      await user.type(screen.getByLabelText('Current Password'), 'Sup3r$ecret');
      await user.type(screen.getByLabelText('New Password'), 'Cassava & Yam 42');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));

      expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
      resolve({ ...ok, message: messages.passwordChanged });
      expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
      expect(screen.getByLabelText('Current Password')).toHaveValue('');
      expect(screen.getByLabelText('New Password')).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled();
    });
  });
});
