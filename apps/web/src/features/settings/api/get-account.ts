import { accountEndpoints } from '@fipay/contracts/endpoints/account';
import { callApi } from '../../../lib/api-client';

export function getAccount(signal?: AbortSignal) {
  return callApi(accountEndpoints.me, { signal });
}
