import { announcementEndpoints } from '@fipay/contracts/endpoints/announcements';
import { communityEndpoints } from '@fipay/contracts/endpoints/community';
import { infiniteQueryOptions, useQuery } from '@tanstack/react-query';
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

/** The operator's announcements, newest first, a page at a time ("Show older announcements" asks for the next). */
export function announcementsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['announcements'] as const,
    queryFn: async ({ signal, pageParam }) => (await callApi(announcementEndpoints.list, { query: { page: pageParam }, signal })).data,
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => (pagination.currentPage < pagination.totalPages ? pagination.currentPage + 1 : undefined),
    staleTime: 60_000,
  });
}
