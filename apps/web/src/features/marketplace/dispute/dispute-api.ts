import { tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import type { TradeDetail } from '@fipay/contracts/trade-disputes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

/** One trade with its dispute (GET /trades/:id), per mode: the trade page and the dispute panel share this entry. */
export const tradeDetailKey = (mode: string, tradeId: string) => ['trades', mode, 'detail', tradeId] as const;

export function useTradeDetail(tradeId: string) {
  const [mode] = useMode();
  return useQuery({
    queryKey: tradeDetailKey(mode, tradeId),
    staleTime: 0,
    queryFn: async ({ signal }) => (await callApi(tradeEndpoints.get, { params: { id: tradeId }, signal })).data,
  });
}

/** Writes the business's statement; the answer is the dispute as it became, put into the trade's cached entry. */
export function useWriteStatement(tradeId: string) {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => await callApi(tradeEndpoints.statement, { params: { id: tradeId }, body: { body } }),
    onSuccess: (answer) =>
      client.setQueryData<TradeDetail>(tradeDetailKey(mode, tradeId), (trade) => (trade ? { ...trade, dispute: answer.data } : trade)),
  });
}
