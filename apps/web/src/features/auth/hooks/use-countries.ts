import type { Country } from '@fipay/contracts/countries';
import { useEffect, useState } from 'react';
import { onDemand, useOnFirstInteraction } from '../../../lib/on-demand';

const loadCountriesApi = onDemand(() => import('../api/get-countries'));

/**
 * The country list for the signup form, asked for at the first interaction with the page so that
 * /signup opens without the API code (docs/decisions/0012); the select says 'Loading...' until
 * then. A failed load is only logged; the select then says none were found.
 */
export function useCountries() {
  const [countries, setCountries] = useState<Country[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [wanted, setWanted] = useState(false);
  useOnFirstInteraction(() => setWanted(true), !wanted);

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
