import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { sessionFixture } from '../test/session-fixture';
import { ProtectedRoute } from './protected-route';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login screen</h1> },
      { element: <ProtectedRoute />, children: [{ path: '/dashboard', element: <h1>Dashboard screen</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ProtectedRoute', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
  });

  it('sends a signed-out visitor to /login, replacing the history entry', async () => {
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the page to a signed-in user', async () => {
    useAuthStore.getState().setSession(sessionFixture());
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });
});
