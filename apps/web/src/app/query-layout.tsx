import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * The server-data cache for every page that reads server data. The pages that open before any
 * interaction (landing, sign-in, sign-up) sit outside it, so they load without it
 * (docs/decisions/0012, 0014); what they send loads on demand and uses `queryClient` directly.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
