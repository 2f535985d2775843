import { queryOptions } from '@tanstack/react-query';
import { countryEndpoints } from '@fipay/contracts/endpoints/countries';
import { callApi } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal) {
  return callApi(countryEndpoints.list, { signal });
}

/** The country list changes with a release, not during a visit: asked for once. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountries(signal).then(({ data }) => data),
    staleTime: Infinity,
  });
}
