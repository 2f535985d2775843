import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';
import { companyQueryOptions } from '../api/get-company';

/**
 * The signed-in company, fresh from the server. Until the answer arrives (or if it fails) the
 * copy kept with the session stands in, so the page does not wait to show what it already knows.
 */
export function useCompany() {
  const stored = useAuthStore((state) => state.company);
  const query = useQuery({ ...companyQueryOptions(), placeholderData: stored ?? undefined });
  const fresh = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (query.isError) console.error('Loading the company failed', query.error);
  }, [query.isError, query.error]);

  useEffect(() => {
    if (!fresh) return;
    // SPEC.md section 3: the session record (auth-storage) carries the company and its application;
    // the onboarding steps read the reviewer's requests for changes from it.
    useAuthStore.setState({ company: fresh });
    const { application } = fresh;
    const kyc = useKycStore.getState();
    const reopened =
      application.status.code === 'CHANGES_REQUESTED' || (application.status.code === 'REJECTED' && application.rejectionFinal !== true);
    // A submission wipes the local onboarding data; a request for changes (or a rejection the
    // company may answer) reopens the steps, which then start from what the server holds.
    if (reopened && kyc.businessType === null && kyc.documentDrafts.length === 0) kyc.hydrateFromApplication(application);
    // Steps saved from another device count as done in this browser's checklist too.
    else kyc.completeStep(application.progress.currentStep - 1);
  }, [fresh]);

  return { company: fresh ?? stored, isLoading: query.isFetching || query.isPlaceholderData };
}
