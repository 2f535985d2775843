import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages, type RepresentativeInput } from '@fipay/contracts/kyb';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCachedApplication } from '../../../api/company';
import { ApiError, callApi } from '../../../lib/api-client';
import { useKycStore } from '../../../stores/kyc-store';
import { markAddressed, recordSavedStep, refreshWhenRefused } from './saved-application';

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

/** Step 4's save: the answer is the company's representatives; `corrected` are the flagged ones sent again (ids). */
export function useSaveRepresentatives() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ representatives }: { representatives: RepresentativeInput[]; corrected: string[] }) =>
      saveRepresentatives(representatives),
    onError: refreshWhenRefused(queryClient),
    onSuccess: ({ data }, { corrected }) => {
      recordSavedStep(queryClient, {
        step: 4,
        change: () => ({ representatives: data }),
        addressed: { target: 'representative', keys: corrected },
      });
      useKycStore.getState().clearDraft('representatives');
    },
  });
}

/**
 * Deletes a saved representative (SPEC.md section 4: on the server first, then from the list).
 * One the server no longer has (404) is gone as asked, so it leaves the list too.
 */
export function useRemoveRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email }: { email: string; id: string }) => {
      try {
        await removeRepresentative(email);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onError: refreshWhenRefused(queryClient),
    onSuccess: (_answer, { email, id }) => {
      updateCachedApplication(queryClient, (application) =>
        markAddressed(
          { ...application, representatives: application.representatives.filter((rep) => rep.email !== email) },
          'representative',
          [id],
        ),
      );
    },
  });
}
