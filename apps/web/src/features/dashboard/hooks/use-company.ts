import { useCompanyQuery } from '../../../api/company';

/** The dashboard asks for the company afresh on each visit; see useCompanyQuery. */
export function useCompany() {
  const { company, isLoading } = useCompanyQuery({ staleTime: 0 });
  return { company, isLoading };
}
