import { tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import type { TradeDetail } from '@fipay/contracts/trade-disputes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';
import { tradeKey } from '../api/marketplace';

/** Writes the business's statement; the answer is the dispute as it became, put into the trade's cached entry. */
export function useWriteStatement(tradeId: string) {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => await callApi(tradeEndpoints.statement, { params: { id: tradeId }, body: { body } }),
    onSuccess: (answer) => client.setQueryData<TradeDetail>(tradeKey(mode, tradeId), (trade) => (trade ? { ...trade, dispute: answer.data } : trade)),
  });
}
