import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import type { BusinessTypeRequest } from '@fipay/contracts/kyb';
import { callApi } from '../../../lib/api-client';

export function saveBusinessType(body: BusinessTypeRequest) {
  return callApi(companyEndpoints.saveBusinessType, { body });
}
