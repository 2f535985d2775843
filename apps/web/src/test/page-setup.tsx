import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { useModeStore } from '../stores/mode-store';
import { QueryWrapper } from './query-wrapper';
import { sessionFixture } from './session-fixture';

/** A signed-in user in test mode before each test of a signed-in page; the stubbed API and toasts gone after each. */
export function signedInTestMode() {
  const session = sessionFixture();
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });
  return session;
}

/** Renders `page` on its route pattern at `path`; answers the user to act with. */
export function renderPage(pattern: string, page: ReactElement, path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={page} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}
