import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { callApi } from '../../../lib/api-client';

export function getCompany(signal?: AbortSignal) {
  return callApi(companyEndpoints.me, { signal });
}
