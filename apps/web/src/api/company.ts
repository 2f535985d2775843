import type { Application } from '@fipay/contracts/company';
import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../lib/api-client';
import { useAuthStore } from '../stores/auth-store';

export function getCompany(signal?: AbortSignal) {
  return callApi(companyEndpoints.me, { signal });
}

/**
 * The signed-in company with its KYB application: the one source of the saved application for the
 * dashboard and every onboarding step (docs/decisions/0018).
 */
export function companyQueryOptions() {
  return queryOptions({
    queryKey: ['company'],
    queryFn: ({ signal }) => getCompany(signal).then(({ data }) => data),
  });
}

type CompanyQueryOptions = {
  /** How long an answer counts as fresh; 0 asks again on every mount (the dashboard's "fresh on each visit"). */
  staleTime?: number;
};

/**
 * The company, fresh from the server. Until the answer arrives (or if it fails) the copy kept with
 * the session stands in, so the page does not wait to show what it already knows; each fresh
 * answer becomes that copy (SPEC.md section 3: auth-storage carries the company and its application).
 */
export function useCompanyQuery({ staleTime }: CompanyQueryOptions = {}) {
  const stored = useAuthStore((state) => state.company);
  const query = useQuery({
    ...companyQueryOptions(),
    ...(staleTime === undefined ? {} : { staleTime }),
    placeholderData: stored ?? undefined,
  });
  const fresh = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (query.isError) console.error('Loading the company failed', query.error);
  }, [query.isError, query.error]);

  useEffect(() => {
    if (fresh) useAuthStore.setState({ company: fresh });
  }, [fresh]);

  return { company: fresh ?? stored, isFresh: fresh !== undefined, isLoading: query.isFetching || query.isPlaceholderData };
}

/**
 * Records in the cache (and the session's copy) what a save's answer confirmed, so the next step and
 * the dashboard show it at once. What the server derives from the save (progress while changes are
 * requested, say) comes with the next read: the query is marked stale, not fetched now.
 */
export function updateCachedApplication(queryClient: QueryClient, change: (application: Application) => Application) {
  const { queryKey } = companyQueryOptions();
  const company = queryClient.getQueryData(queryKey) ?? useAuthStore.getState().company;
  if (!company) return;
  const updated = { ...company, application: change(company.application) };
  queryClient.setQueryData(queryKey, updated);
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  useAuthStore.setState({ company: updated });
}
