import { communityEndpoints } from '@fipay/contracts/endpoints/community';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The platform's community links change only with the server's configuration: read once per session. */
export function useCommunityLinks(enabled = true) {
  return useQuery({
    queryKey: ['community'],
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await callApi(communityEndpoints.get, { signal })).data,
  });
}
