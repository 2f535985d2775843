import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminSetPasswordPage } from './set-password-page';
import { fail, ok, stubFetch } from './test-fixtures';

const strongPassword = 'Compliance & Care 2026';


function renderPage(search = '?token=setup-token') {
  const router = createMemoryRouter(
    [
      { path: '/admin/set-password', Component: AdminSetPasswordPage },
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
    ],
    { initialEntries: [`/admin/set-password${search}`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), router };
}

const passwordInput = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmInput = () => screen.getByLabelText('Confirm password', { selector: 'input' });

describe('AdminSetPasswordPage', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('checks the strength and the match before calling the server', async () => {
    const fetchMock = stubFetch(ok(null));
    const { user } = renderPage();
    await user.type(passwordInput(), 'short');
    await user.type(confirmInput(), 'different');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    // The form's validation settles after the click (the resolver is asynchronous): a loaded machine shows it a moment later.
    await waitFor(() => expect(passwordInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(confirmInput()).toHaveAccessibleDescription('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field error under the password and its message above the form", async () => {
    const refusal = 'This password appears in known data breaches. Choose another.';
    const fetchMock = stubFetch(fail(400, refusal, { code: 'VALIDATION_FAILED', errors: { password: refusal } }));
    const { user } = renderPage();
    await user.type(passwordInput(), strongPassword);
    await user.type(confirmInput(), strongPassword);
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(confirmInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Set password' })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ token: 'setup-token', password: strongPassword });
  });

  it('sets the password and goes to the sign-in page', async () => {
    stubFetch(ok(null, 'Password set. You can now sign in.'));
    const { user, router } = renderPage();
    await user.type(passwordInput(), strongPassword);
    await user.type(confirmInput(), strongPassword);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('without a link token says the link is invalid and cannot submit', () => {
    stubFetch(ok(null));
    renderPage('');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeDisabled();
  });
});
