import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { businessProfileRequest, type BusinessProfileRequest } from '@fipay/contracts/kyb';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useKycStore } from '../../../stores/kyc-store';
import { recordSavedStep, refreshWhenRefused } from './saved-application';

export function saveBusinessProfile(body: BusinessProfileRequest) {
  return callApi(companyEndpoints.saveBusinessProfile, { body });
}

/** Step 2's save: the answer is empty, so the cache records the profile that was sent. */
export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onError: refreshWhenRefused(queryClient),
    onSuccess: (_answer, sent) => {
      // The server stored the request as its schema reads it (trimmed, empty numbers as 0).
      const { userId: _userId, companyId: _companyId, ...businessProfile } = businessProfileRequest.parse(sent);
      recordSavedStep(queryClient, { step: 2, change: () => ({ businessProfile }) });
      useKycStore.getState().clearDraft('businessProfile');
    },
  });
}
