import { queryOptions } from '@tanstack/react-query';
import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { callApi } from '../../../lib/api-client';

export function getCompany(signal?: AbortSignal) {
  return callApi(companyEndpoints.me, { signal });
}

/** The signed-in company with its KYB application, fresh from the server on each visit to the dashboard. */
export function companyQueryOptions() {
  return queryOptions({
    queryKey: ['company'],
    queryFn: ({ signal }) => getCompany(signal).then(({ data }) => data),
    staleTime: 0,
  });
}
