import { useEffect, useState } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';
import { getCompany } from '../api/get-company';

/**
 * The signed-in company, fresh from the server. Until the answer arrives (or if it fails) the
 * copy kept with the session stands in, so the page does not wait to show what it already knows.
 */
export function useCompany() {
  const stored = useAuthStore((state) => state.company);
  const [isLoading, setIsLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    getCompany(controller.signal)
      .then(({ data: company }) => {
        useAuthStore.setState({ company });
        const { application } = company;
        const kyc = useKycStore.getState();
        const reopened =
          application.status.code === 'CHANGES_REQUESTED' ||
          (application.status.code === 'REJECTED' && application.rejectionFinal !== true);
        // A submission wipes the local onboarding data; a request for changes (or a rejection the
        // company may answer) reopens the steps, which then start from what the server holds.
        if (reopened && kyc.businessType === null && kyc.documentDrafts.length === 0) kyc.hydrateFromApplication(application);
        // Steps saved from another device count as done in this browser's checklist too.
        else kyc.completeStep(application.progress.currentStep - 1);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Loading the company failed', error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false);
      });
    return () => controller.abort();
  }, []);

  return { company: stored, isLoading };
}
