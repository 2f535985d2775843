import { documentsResponse, type DocumentInput } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export const documentsMessages = {
  submitted: 'Documents submitted!',
  failed: 'Failed to submit documents.',
  requestFailed: 'Submission failed.',
} as const;

export function submitDocuments(documents: DocumentInput[]) {
  return api.post('company/documents', documentsResponse, documents);
}
