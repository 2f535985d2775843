import type { EventListQuery, Mode } from '@fipay/contracts/developers';
import { eventEndpoints } from '@fipay/contracts/endpoints/developers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

export type EventFilter = Pick<EventListQuery, 'type' | 'page'>;

/** The key carries the mode: test and live events never share a cache entry. */
const eventsKey = (mode: Mode, filter: EventFilter) => ['events', mode, filter.type ?? null, filter.page] as const;

/** One page of the current mode's events, newest first, of one type or all; the last page stays shown while the next loads. */
export function useEvents(filter: EventFilter) {
  const [mode] = useMode();
  return useQuery({
    queryKey: eventsKey(mode, filter),
    queryFn: async ({ signal }) =>
      (await callApi(eventEndpoints.list, { query: { page: filter.page, ...(filter.type ? { type: filter.type } : {}) }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
