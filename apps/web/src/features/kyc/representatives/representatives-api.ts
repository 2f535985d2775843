import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type RepresentativeInput } from '@fipay/contracts/kyb';
import { callApi } from '../../../lib/api-client';

export const representativesMessages = {
  submitted: kybMessages.representativesSaved,
  failed: 'Failed to submit profile.',
  requestFailed: 'An error occurred. Please try again.',
  removed: kybMessages.representativeRemoved,
  removeFailed: 'Failed to remove representative.',
} as const;

export function saveRepresentatives(representatives: RepresentativeInput[]) {
  return callApi(companyEndpoints.saveRepresentatives, { body: representatives });
}

export function removeRepresentative(email: string) {
  return callApi(companyEndpoints.removeRepresentative, { params: { email } });
}
