import { businessProfileResponse, type BusinessProfileRequest } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export function saveBusinessProfile(body: BusinessProfileRequest) {
  return api.post('company/business-profile', businessProfileResponse, body);
}
