import { focusManager, QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store';

const MAX_RETRIES = 2;

/**
 * A 4xx answer is the server's word on this request (not found, forbidden, invalid) and asking
 * again gives the same answer; a lost connection or a 5xx may pass, so those are tried again a little.
 */
export function shouldRetry(failureCount: number, error: unknown) {
  // Read structurally: importing the HTTP client (and zod with it) here would put them in every page's first load.
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The one cache of server data in the web app; stores hold only client state (docs/decisions/0014). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Whatever ends the session (logout, a 401, a refresh that failed, another tab signing out) or
// hands the browser to another user must not leave the previous user's data in the cache.
useAuthStore.subscribe((state, previous) => {
  const signedInAs = state.accessToken ? state.user?.id : undefined;
  const wasSignedInAs = previous.accessToken ? previous.user?.id : undefined;
  if (wasSignedInAs && signedInAs !== wasSignedInAs) queryClient.clear();
});

// Showing the tab again or focusing the window both count as coming back to the page
// (docs/decisions/0008); the library by itself listens to the first only.
focusManager.setEventListener((handleFocus) => {
  const onReturn = () => handleFocus();
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  return () => {
    document.removeEventListener('visibilitychange', onReturn);
    window.removeEventListener('focus', onReturn);
  };
});
