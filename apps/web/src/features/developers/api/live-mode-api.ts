import { liveModeEndpoints } from '@fipay/contracts/endpoints/developers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * Whether the business may go live and whether live payments can be taken now (GET /live-mode). The server checks
 * its payment provider about once a minute; asking again every minute while in live mode keeps the notice current.
 */
export function liveModeQueryOptions() {
  return queryOptions({
    queryKey: ['live-mode'],
    queryFn: async ({ signal }) => (await callApi(liveModeEndpoints.get, { signal })).data,
    staleTime: 30_000,
  });
}

export function useLiveMode({ enabled }: { enabled: boolean }) {
  return useQuery({ ...liveModeQueryOptions(), enabled, refetchInterval: enabled ? 60_000 : false });
}
