import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { queryClient } from '../lib/query-client';
import { DismissErrorToastsOnLeave } from './toaster';

/** Wraps every route: the server-data cache, scroll restored per history entry, a thin bar while a page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
