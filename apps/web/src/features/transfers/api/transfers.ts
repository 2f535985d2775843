import { transferEndpoints } from '@fipay/contracts/endpoints/transfers';
import type { CreateTransferRequest, TransferPreviewRequest } from '@fipay/contracts/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function usePreviewTransfer() {
  return useMutation({ mutationFn: async (body: TransferPreviewRequest) => (await callApi(transferEndpoints.preview, { body })).data });
}

/** Sends with the Idempotency-Key of this confirmation, so a retried or doubled click sends once; then the wallet reloads. */
export function useSendTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateTransferRequest; idempotencyKey: string }) => await callApi(transferEndpoints.create, { body, idempotencyKey }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['wallet'] }), client.invalidateQueries({ queryKey: ['transfers'] })]),
  });
}

export function useSendTransferCode() {
  return useMutation({ mutationFn: async () => (await callApi(transferEndpoints.sendCode)).data });
}
