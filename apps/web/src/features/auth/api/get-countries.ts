import { countriesResponse } from '@fipay/contracts/countries';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal) {
  return api.get('countries', countriesResponse, { auth: false, signal });
}

/** The country list changes with a release, not during a visit: asked for once. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountries(signal).then(({ data }) => data),
    staleTime: Infinity,
  });
}
