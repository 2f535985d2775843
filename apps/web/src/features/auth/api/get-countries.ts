import { countriesResponse } from '@fipay/contracts/countries';
import { api } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal) {
  return api.get('countries', countriesResponse, { auth: false, signal });
}
