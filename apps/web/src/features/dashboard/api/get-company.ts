import { companyMeResponse } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export function getCompany(signal?: AbortSignal) {
  return api.get('company/me', companyMeResponse, { signal });
}
