import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type DocumentInput } from '@fipay/contracts/kyb';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useKycStore } from '../../../stores/kyc-store';
import { recordSavedStep, refreshWhenRefused } from './saved-application';

export const documentsMessages = {
  submitted: kybMessages.documentsSaved,
  failed: 'Failed to submit documents.',
  requestFailed: 'Submission failed.',
} as const;

export function submitDocuments(documents: DocumentInput[]) {
  return callApi(companyEndpoints.saveDocuments, { body: documents });
}

/** Step 3's save: the answer is the company's documents; `replaced` are the flagged slots that got a new file. */
export function useSubmitDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documents }: { documents: DocumentInput[]; replaced: string[] }) => submitDocuments(documents),
    onError: refreshWhenRefused(queryClient),
    onSuccess: ({ data }, { replaced }) => {
      recordSavedStep(queryClient, {
        step: 3,
        change: () => ({ documents: data }),
        addressed: { target: 'document', keys: replaced },
      });
      useKycStore.getState().clearDraft('documents');
    },
  });
}
