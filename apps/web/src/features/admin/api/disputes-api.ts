import { disputeReviewEndpoints } from '@fipay/contracts/endpoints/marketplace';
import type { DisputeStatus, RulingRequest } from '@fipay/contracts/trade-disputes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './admin-api';

/** The dispute queue of one status (docs/decisions/0086-trade-disputes.md). */
export function disputeQueueQueryOptions(status: DisputeStatus, page: number) {
  return queryOptions({
    queryKey: ['admin', 'disputes', status, page] as const,
    queryFn: ({ signal }) => call(disputeReviewEndpoints.queue, { query: { status, page }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

export function disputeCaseQueryOptions(tradeId: string) {
  return queryOptions({
    queryKey: ['admin', 'dispute', tradeId] as const,
    queryFn: ({ signal }) => call(disputeReviewEndpoints.get, { params: { tradeId }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

/** The ruling answers the case as it became: it replaces the cached one, and the queues are read again. */
export function useRuling(tradeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RulingRequest) => call(disputeReviewEndpoints.rule, { params: { tradeId }, body }),
    onSuccess: async (answer) => {
      client.setQueryData(disputeCaseQueryOptions(tradeId).queryKey, answer.data);
      await client.invalidateQueries({ queryKey: ['admin', 'disputes'] });
    },
  });
}

/** A short-lived link to one attachment of the trade's chat, opened in a new tab. */
export async function openDisputeAttachment(tradeId: string, messageId: string) {
  const { data } = await call(disputeReviewEndpoints.attachment, { params: { tradeId, messageId } });
  window.open(data.url, '_blank', 'noopener,noreferrer');
}
