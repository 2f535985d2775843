import { countryEndpoints } from '@fipay/contracts/endpoints/countries';
import { callApi } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal) {
  return callApi(countryEndpoints.list, { signal });
}
