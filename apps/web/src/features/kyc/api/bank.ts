import { bankEndpoints } from '@fipay/contracts/endpoints/banks';
import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type SubmitKybRequest } from '@fipay/contracts/kyb';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { companyQueryOptions } from '../../../api/company';
import { callApi } from '../../../lib/api-client';
import { refreshWhenRefused } from './saved-application';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';

export const bankMessages = {
  submitted: kybMessages.kybSubmitted,
  failed: 'Failed to submit KYB.',
  requestFailed: 'An error occurred. Please try again.',
  noBankFound: 'No bank found.',
} as const;

export function getBanks(signal?: AbortSignal) {
  return callApi(bankEndpoints.list, { signal });
}

export function resolveAccount(bankCode: string, accountNumber: string) {
  return callApi(bankEndpoints.resolveAccount, { query: { bankCode, accountNumber } });
}

export function submitKyb(body: SubmitKybRequest) {
  return callApi(companyEndpoints.submitKyb, { body });
}

/** The bank directory changes rarely (docs/decisions/0006): loaded once per session. */
export function banksQueryOptions() {
  return queryOptions({
    queryKey: ['banks'],
    queryFn: ({ signal }) => getBanks(signal).then(({ data }) => data),
    staleTime: Infinity,
    // A failed load is logged and the picker stays empty; the next visit to the step asks again.
    retry: false,
  });
}

/**
 * The bank list. SPEC.md fetches it when it is empty and an access token exists: the copy kept in
 * kyc-storage is the query's starting data (fresh for the session), and each loaded list is kept there.
 */
export function useBanks() {
  const accessToken = useAuthStore((state) => state.accessToken);
  const query = useQuery({
    ...banksQueryOptions(),
    enabled: accessToken !== null,
    initialData: () => {
      const stored = useKycStore.getState().banks;
      return stored.length > 0 ? stored : undefined;
    },
  });

  useEffect(() => {
    if (query.isError) console.error('Could not load the bank list', query.error);
  }, [query.isError, query.error]);

  useEffect(() => {
    if (query.data && query.data !== useKycStore.getState().banks) useKycStore.getState().setBanks(query.data);
  }, [query.data]);

  return { banks: query.data ?? [], loading: query.isLoading };
}

/** Step 5: the server now holds a submitted application, so the company is read again. */
export function useSubmitKyb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyb,
    onError: refreshWhenRefused(queryClient),
    // The dashboard it goes to reads the company on arrival.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryOptions().queryKey, refetchType: 'none' }),
  });
}
