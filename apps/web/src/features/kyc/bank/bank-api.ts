import { bankListResponse, resolveAccountResponse, submitKybResponse, type SubmitKybRequest } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export const bankMessages = {
  submitted: 'KYB submitted for verification successful!',
  failed: 'Failed to submit KYB.',
  requestFailed: 'An error occurred. Please try again.',
  noBankFound: 'No bank found.',
} as const;

export function getBanks(signal?: AbortSignal) {
  return api.get('bank/list', bankListResponse, { signal });
}

export function resolveAccount(bankCode: string, accountNumber: string) {
  return api.get('bank/resolve-account', resolveAccountResponse, { query: { bankCode, accountNumber } });
}

export function submitKyb(body: SubmitKybRequest) {
  return api.post('company/submit-kyb', submitKybResponse, body);
}
