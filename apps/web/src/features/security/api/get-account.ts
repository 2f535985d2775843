import { accountMeResponse } from '@fipay/contracts/account';
import { api } from '../../../lib/api-client';

export function getAccount(signal?: AbortSignal) {
  return api.get('account/me', accountMeResponse, { signal });
}
