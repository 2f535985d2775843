import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DismissErrorToastsOnLeave } from './dismiss-error-toasts-on-leave';

/** Wraps every route: scroll restored per history entry, a thin bar while a page's code loads, error toasts left behind on leaving. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-fade-in-late bg-brand-600"
        />
      )}
      <Outlet />
      <ScrollRestoration />
      <DismissErrorToastsOnLeave />
    </>
  );
}
