import type { Country } from '@fipay/contracts/countries';
import { useEffect, useState } from 'react';
import { onDemand, useSoonAfterLoad } from '../../../lib/on-demand';

const loadCountriesApi = onDemand(() => import('../api/get-countries'));

/**
 * The country list for the signup form. /signup opens without the API code (docs/decisions/0012);
 * the list is asked for once the page has loaded and is idle, or at the first interaction if that
 * comes sooner (docs/decisions/0041), so a visitor who only looks sees it too. The select says
 * 'Loading...' until then. A failed load is only logged; the select then says none were found.
 */
export function useCountries() {
  const [countries, setCountries] = useState<Country[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [wanted, setWanted] = useState(false);
  useSoonAfterLoad(() => setWanted(true), !wanted);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadCountriesApi()
      .then(({ fetchCountries }) => fetchCountries())
      .then((list) => {
        if (current) setCountries(list);
      })
      .catch((error: unknown) => {
        if (current) console.error('Failed to load countries', error);
      })
      .finally(() => {
        if (current) setIsLoading(false);
      });
    return () => {
      current = false;
    };
  }, [wanted]);

  return { countries, isLoading };
}

export type CountryList = ReturnType<typeof useCountries>;
