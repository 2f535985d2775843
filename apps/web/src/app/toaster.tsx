import { TOAST_DURATION_MS, TOAST_LIMIT } from '@fipay/contracts/limits';
import { useEffect, useSyncExternalStore } from 'react';
import toast, { Toaster, useToasterStore, type Toast } from 'react-hot-toast';
import { registerErrorToastDismisser } from './error-toasts';

// Below Tailwind's md breakpoint the dashboard's top bar and the onboarding header are sticky.
const PHONE_QUERY = '(max-width: 47.99rem)';
// Both headers are at most 4rem tall: on phones toasts start below them, clear of back, menu and 'I'll do this later'.
const PHONE_TOP_OFFSET = '4.75rem';

function subscribeToPhoneQuery(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsPhone() {
  return useSyncExternalStore(
    subscribeToPhoneQuery,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

// react-hot-toast 2.6's store drops the first subscriber when any one leaves (StrictMode's re-run
// included), which would leave the Toaster deaf; so AppToaster is the only other subscriber and
// the route watcher (DismissErrorToastsOnLeave) is handed what it last saw.
let shownToasts: readonly Toast[] = [];

/**
 * The visible toasts a newer one has made stale (the store lists the newest first): any beyond
 * the limit of 20, an older copy of the same message, and an error shown before a success,
 * since the success says the form that failed has now gone through.
 */
function staleToastIds(toasts: readonly Toast[]): string[] {
  const visible = toasts.filter((item) => item.visible);
  const stale = new Set(visible.slice(TOAST_LIMIT).map((item) => item.id));
  const seen = new Set<string>();
  let successSeen = false;
  for (const item of visible) {
    const text = typeof item.message === 'string' ? `${item.type}:${item.message}` : null;
    if (text !== null && seen.has(text)) stale.add(item.id);
    if (text !== null) seen.add(text);
    if (item.type === 'error' && successSeen) stale.add(item.id);
    if (item.type === 'success') successSeen = true;
  }
  return [...stale];
}

/** The one toast area for every route (SPEC.md sections 2 and 9). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const isPhone = useIsPhone();

  useEffect(() => {
    shownToasts = toasts;
    staleToastIds(toasts).forEach((id) => toast.dismiss(id));
  }, [toasts]);

  useEffect(
    () =>
      registerErrorToastDismisser(() =>
        shownToasts.filter((item) => item.type === 'error' && item.visible).forEach((item) => toast.dismiss(item.id)),
      ),
    [],
  );

  return (
    <Toaster
      position="top-center"
      containerStyle={isPhone ? { top: PHONE_TOP_OFFSET, left: 12, right: 12 } : undefined}
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        success: { duration: TOAST_DURATION_MS.success },
        error: { duration: TOAST_DURATION_MS.error },
        className: 'text-sm',
        style: isPhone ? { padding: '6px 10px', maxWidth: '100%' } : undefined,
      }}
    />
  );
}
