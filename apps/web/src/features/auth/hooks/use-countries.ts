import type { Country } from '@fipay/contracts/countries';
import { useEffect, useState } from 'react';
import { onDemand, useOnFirstInteraction } from '../../../lib/on-demand';

const loadCountriesApi = onDemand(() => import('../api/get-countries'));

/**
 * The country list for the signup form, asked for at the first interaction with the page so that
 * /signup opens without the API code; the select says 'Loading...' until then. A failed load is
 * only logged; the select then says none were found.
 */
export function useCountries() {
  const [countries, setCountries] = useState<Country[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [wanted, setWanted] = useState(false);
  useOnFirstInteraction(() => setWanted(true), !wanted);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    loadCountriesApi()
      .then(({ getCountries }) => getCountries(controller.signal))
      .then((response) => setCountries(response.data))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load countries', error);
        setCountries([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false);
      });
    return () => controller.abort();
  }, [wanted]);

  return { countries, isLoading };
}
