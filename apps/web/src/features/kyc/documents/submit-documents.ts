import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type DocumentInput } from '@fipay/contracts/kyb';
import { callApi } from '../../../lib/api-client';

export const documentsMessages = {
  submitted: kybMessages.documentsSaved,
  failed: 'Failed to submit documents.',
  requestFailed: 'Submission failed.',
} as const;

export function submitDocuments(documents: DocumentInput[]) {
  return callApi(companyEndpoints.saveDocuments, { body: documents });
}
