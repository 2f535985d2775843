import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import type { BusinessProfileRequest } from '@fipay/contracts/kyb';
import { callApi } from '../../../lib/api-client';

export function saveBusinessProfile(body: BusinessProfileRequest) {
  return callApi(companyEndpoints.saveBusinessProfile, { body });
}
