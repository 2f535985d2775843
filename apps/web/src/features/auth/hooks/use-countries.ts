import type { Country } from '@fipay/contracts/countries';
import { useEffect, useState } from 'react';
import { getCountries } from '../api/get-countries';

/** The country list for the signup form. A failed load is only logged; the select then says none were found. */
export function useCountries() {
  const [countries, setCountries] = useState<Country[]>([]);
  const [isLoading, setIsLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    getCountries(controller.signal)
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
  }, []);

  return { countries, isLoading };
}
