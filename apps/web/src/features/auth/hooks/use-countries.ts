import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onDemand, useOnFirstInteraction } from '../../../lib/on-demand';

const loadCountriesApi = onDemand(() => import('../api/get-countries'));

/**
 * The country list for the signup form, asked for at the first interaction with the page so that
 * /signup opens without the API code (docs/decisions/0012); the select says 'Loading...' until
 * then. It changes with a release, not during a visit, so it is asked for once. A failed load is
 * only logged; the select then says none were found.
 */
export function useCountries() {
  const [wanted, setWanted] = useState(false);
  useOnFirstInteraction(() => setWanted(true), !wanted);

  const query = useQuery({
    queryKey: ['countries'],
    queryFn: async ({ signal }) => (await (await loadCountriesApi()).getCountries(signal)).data,
    staleTime: Infinity,
    enabled: wanted,
  });

  useEffect(() => {
    if (query.isError) console.error('Failed to load countries', query.error);
  }, [query.isError, query.error]);

  return { countries: query.data ?? [], isLoading: query.isPending && !query.isError };
}
