import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import type { BusinessTypeRequest } from '@fipay/contracts/kyb';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useKycStore } from '../../../stores/kyc-store';
import { recordSavedStep, refreshWhenRefused } from './saved-application';

export function saveBusinessType(body: BusinessTypeRequest) {
  return callApi(companyEndpoints.saveBusinessType, { body });
}

/** Step 1's save: the answer is empty, so the cache records the choice that was sent. */
export function useSaveBusinessType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessType,
    onError: refreshWhenRefused(queryClient),
    onSuccess: (_answer, { businessType, subType }) => {
      recordSavedStep(queryClient, { step: 1, change: () => ({ businessType: { businessType, subType: subType ?? null } }) });
      useKycStore.getState().clearDraft('businessType');
    },
  });
}
