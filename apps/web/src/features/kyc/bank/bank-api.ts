import { bankEndpoints } from '@fipay/contracts/endpoints/banks';
import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type SubmitKybRequest } from '@fipay/contracts/kyb';
import { callApi } from '../../../lib/api-client';

export const bankMessages = {
  submitted: kybMessages.kybSubmitted,
  failed: 'Failed to submit KYB.',
  requestFailed: 'An error occurred. Please try again.',
  noBankFound: 'No bank found.',
} as const;

export function getBanks(signal?: AbortSignal) {
  return callApi(bankEndpoints.list, { signal });
}

export function resolveAccount(bankCode: string, accountNumber: string) {
  return callApi(bankEndpoints.resolveAccount, { query: { bankCode, accountNumber } });
}

export function submitKyb(body: SubmitKybRequest) {
  return callApi(companyEndpoints.submitKyb, { body });
}
