import { payoutEndpoints } from '@fipay/contracts/endpoints/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../api/balance';
import { walletKey } from '../../../api/wallet';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

export function usePayouts(page: number) {
  const [mode] = useMode();
  return useQuery({
    queryKey: ['payouts', mode, page],
    queryFn: async ({ signal }) => (await callApi(payoutEndpoints.list, { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayout(id: string | null) {
  const [mode] = useMode();
  return useQuery({
    queryKey: ['payout', mode, id],
    queryFn: async ({ signal }) => (await callApi(payoutEndpoints.get, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });
}

export function usePayoutNow() {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({
    mutationFn: async () => {
      const answer = await callApi(payoutEndpoints.payOutNow);
      return { payout: answer.data, message: answer.message };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['payouts', mode] });
      void client.invalidateQueries({ queryKey: balanceKey(mode) });
      void client.invalidateQueries({ queryKey: walletKey(mode) });
      void client.invalidateQueries({ queryKey: ['transactions', mode] });
    },
  });
}
