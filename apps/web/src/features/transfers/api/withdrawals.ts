import { withdrawalEndpoints } from '@fipay/contracts/endpoints/withdrawals';
import type { AssetCode } from '@fipay/contracts/assets';
import type { CreateWithdrawalRequest, WithdrawalPreviewRequest } from '@fipay/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';


export function usePreviewWithdrawal() {
  return useMutation({ mutationFn: async (body: WithdrawalPreviewRequest) => (await callApi(withdrawalEndpoints.preview, { body })).data });
}

/** Sends with the Idempotency-Key of this confirmation, so a retried or doubled click sends once; then the wallet reloads. */
export function useCreateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateWithdrawalRequest; idempotencyKey: string }) => (await callApi(withdrawalEndpoints.create, { body, idempotencyKey })).data,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['wallet'] }), client.invalidateQueries({ queryKey: ['withdrawals'] })]),
  });
}

/** The latest withdrawals of one asset in this mode; checked again every few seconds while one is pending. */
export function useWithdrawals(asset: AssetCode) {
  const [mode] = useMode();
  return useQuery({
    queryKey: ['withdrawals', mode, asset],
    queryFn: async ({ signal }) => (await callApi(withdrawalEndpoints.list, { query: { asset, limit: 10 }, signal })).data,
    refetchInterval: (query) => (query.state.data?.withdrawals.some((w) => w.status === 'pending') ? 3000 : false),
  });
}
