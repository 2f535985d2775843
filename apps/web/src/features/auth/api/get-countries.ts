import { countryEndpoints } from '@fipay/contracts/endpoints/countries';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export function getCountries(signal?: AbortSignal) {
  return callApi(countryEndpoints.list, { signal });
}

/** The country list changes with a release, not during a visit: asked for once and kept in the cache. */
export function fetchCountries() {
  return queryClient.fetchQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountries(signal).then(({ data }) => data),
    staleTime: Infinity,
  });
}
