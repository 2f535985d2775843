import { businessTypeResponse, type BusinessTypeRequest } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export function saveBusinessType(body: BusinessTypeRequest) {
  return api.post('company/business-type', businessTypeResponse, body);
}
