import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, useAuthStore } from '../stores/auth-store';
import { KYC_STORAGE_KEY, useKycStore } from '../stores/kyc-store';
import { sessionFixture } from '../test/session-fixture';
import { ProtectedRoute } from './protected-route';
import { useCrossTabSync } from './use-cross-tab-sync';

/** What another tab does: change local storage, after which the browser fires `storage` here only. */
function otherTabSets(key: string, state: Record<string, unknown> | null) {
  const oldValue = localStorage.getItem(key);
  const newValue = state === null ? null : JSON.stringify({ state, version: 0 });
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
}

function otherTabClearsStorage() {
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
}

function signInHere() {
  const session = sessionFixture();
  useAuthStore.getState().setSession(session);
  useKycStore.getState().hydrateFromApplication(session.company.application);
  return session;
}

describe('useCrossTabSync', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null, showBalance: true });
    useKycStore.getState().reset();
  });

  afterEach(() => vi.restoreAllMocks());

  it('takes the tokens another tab refreshed', async () => {
    const session = signInHere();
    renderHook(() => useCrossTabSync());

    otherTabSets(AUTH_STORAGE_KEY, {
      user: session.user,
      company: session.company,
      accessToken: 'access-from-other-tab',
      refreshToken: 'refresh-2',
      showBalance: true,
    });

    await waitFor(() =>
      expect(useAuthStore.getState()).toMatchObject({
        user: session.user,
        accessToken: 'access-from-other-tab',
        refreshToken: 'refresh-2',
      }),
    );
  });

  it('signs this tab out when another tab logs out, and drops its onboarding drafts', async () => {
    const session = signInHere();
    renderHook(() => useCrossTabSync());

    // What logout() in the other tab leaves behind: the company stays, kyc-storage goes.
    otherTabSets(AUTH_STORAGE_KEY, {
      user: null,
      company: session.company,
      accessToken: null,
      refreshToken: null,
      showBalance: true,
    });
    otherTabSets(KYC_STORAGE_KEY, null);

    await waitFor(() =>
      expect(useAuthStore.getState()).toMatchObject({ user: null, accessToken: null, refreshToken: null }),
    );
    expect(useKycStore.getState()).toMatchObject({ businessType: null, documents: [], representatives: [] });
  });

  it('signs this tab out when another tab removes the session or clears storage', async () => {
    signInHere();
    renderHook(() => useCrossTabSync());

    otherTabSets(AUTH_STORAGE_KEY, null);
    await waitFor(() =>
      expect(useAuthStore.getState()).toMatchObject({ user: null, company: null, accessToken: null, refreshToken: null }),
    );

    signInHere();
    otherTabClearsStorage();
    await waitFor(() => expect(useAuthStore.getState()).toMatchObject({ user: null, accessToken: null }));
    expect(useKycStore.getState().businessType).toBeNull();
  });

  it('never writes back what it read, so tabs cannot echo each other', async () => {
    const session = signInHere();
    renderHook(() => useCrossTabSync());
    const setItem = vi.spyOn(Storage.prototype, 'setItem');

    window.dispatchEvent(
      new StorageEvent('storage', {
        key: AUTH_STORAGE_KEY,
        newValue: localStorage.getItem(AUTH_STORAGE_KEY),
        storageArea: localStorage,
      }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));

    await waitFor(() => expect(useAuthStore.getState().user).toEqual(session.user));
    expect(setItem).not.toHaveBeenCalled();
  });

  it('ignores other keys and session storage', async () => {
    const session = signInHere();
    renderHook(() => useCrossTabSync());
    // Were either event followed, the missing key would sign this tab out.
    localStorage.removeItem(AUTH_STORAGE_KEY);

    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, storageArea: sessionStorage }));

    await Promise.resolve();
    expect(useAuthStore.getState().accessToken).toBe(session.accessToken);
  });

  it('sends the protected page to /login when another tab logs out', async () => {
    const session = signInHere();
    function Shell() {
      useCrossTabSync();
      return <ProtectedRoute />;
    }
    const router = createMemoryRouter(
      [
        { path: '/login', element: <h1>Login screen</h1> },
        { element: <Shell />, children: [{ path: '/dashboard', element: <h1>Dashboard screen</h1> }] },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();

    otherTabSets(AUTH_STORAGE_KEY, {
      user: null,
      company: session.company,
      accessToken: null,
      refreshToken: null,
      showBalance: true,
    });

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
