import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import { act } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';

/** The reputation pages' tests: a signed-in session in test mode, and a page rendered with the query cache, a router and toasts. */
export function signIn() {
  const session = sessionFixture();
  localStorage.clear();
  useAuthStore.getState().setSession(session);
  useModeStore.getState().setMode(session.user.id, 'test');
}

export function renderPage(page: ReactNode) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      {page}
      <Toaster />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

export const clearToasts = () => act(() => toast.remove());
