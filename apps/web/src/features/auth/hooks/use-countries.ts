import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { countriesQueryOptions } from '../api/get-countries';

/** The country list for the signup form. A failed load is only logged; the select then says none were found. */
export function useCountries() {
  const query = useQuery(countriesQueryOptions());

  useEffect(() => {
    if (query.isError) console.error('Failed to load countries', query.error);
  }, [query.isError, query.error]);

  return { countries: query.data ?? [], isLoading: query.isPending && !query.isError };
}
