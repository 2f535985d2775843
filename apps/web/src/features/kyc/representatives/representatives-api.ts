import {
  removeRepresentativeResponse,
  representativesResponse,
  type RepresentativeInput,
} from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export const representativesMessages = {
  submitted: 'Representatives submitted!',
  failed: 'Failed to submit profile.',
  requestFailed: 'An error occurred. Please try again.',
  removed: 'Representative removed.',
  removeFailed: 'Failed to remove representative.',
} as const;

export function saveRepresentatives(representatives: RepresentativeInput[]) {
  return api.post('company/representatives', representativesResponse, representatives);
}

export function removeRepresentative(email: string) {
  return api.delete(`company/remove-representative/${encodeURIComponent(email)}`, removeRepresentativeResponse);
}
