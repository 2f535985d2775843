import { tagEndpoints } from '@fipay/contracts/endpoints/fipay-tags';
import type { CompanyTag } from '@fipay/contracts/fipay-tags';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyTagQueryOptions } from '../../../api/company-tag';

export { companyTagQueryOptions };

/** Whether a tag (already checked against the rules) may be claimed; asked as the person types, and rate limited. */
export const tagAvailabilityQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: ['fipay-tag', 'availability', tag],
    queryFn: async ({ signal }) => (await callApi(tagEndpoints.availability, { query: { tag }, signal })).data,
    staleTime: 30_000,
    retry: false,
  });

/** Claims or changes the tag; the cache takes the server's answer, and what was known of availability is asked again. */
export function useSetCompanyTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (tag: string) => (await callApi(tagEndpoints.set, { body: { tag } })).data,
    onSuccess: (tag: CompanyTag) => {
      client.setQueryData(companyTagQueryOptions().queryKey, tag);
      void client.invalidateQueries({ queryKey: ['fipay-tag', 'availability'] });
    },
  });
}
