import { settlementEndpoints } from '@fipay/contracts/endpoints/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../api/balance';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

export function useSettlements(page: number) {
  const [mode] = useMode();
  return useQuery({
    queryKey: ['settlements', mode, page],
    queryFn: async ({ signal }) => (await callApi(settlementEndpoints.list, { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSettlement(id: string | null) {
  const [mode] = useMode();
  return useQuery({
    queryKey: ['settlement', mode, id],
    queryFn: async ({ signal }) => (await callApi(settlementEndpoints.get, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });
}

export function usePayoutNow() {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({
    mutationFn: async () => {
      const answer = await callApi(settlementEndpoints.payoutNow);
      return { settlement: answer.data, message: answer.message };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['settlements', mode] });
      void client.invalidateQueries({ queryKey: balanceKey(mode) });
      void client.invalidateQueries({ queryKey: ['transactions', mode] });
    },
  });
}
