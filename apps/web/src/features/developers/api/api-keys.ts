import type { Mode, RollApiKeyRequest } from '@fipay/contracts/developers';
import { apiKeyEndpoints } from '@fipay/contracts/endpoints/developers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Both modes' keys are one list: the page shows the current mode's. */
const apiKeysKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: async ({ signal }) => (await callApi(apiKeyEndpoints.list, { signal })).data.keys });
}

export function useCreateApiKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mode: Mode) => (await callApi(apiKeyEndpoints.create, { body: { mode } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRollApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: RollApiKeyRequest & { id: string }) => (await callApi(apiKeyEndpoints.roll, { params: { id }, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useSendRollCode() {
  return useMutation({ mutationFn: async () => (await callApi(apiKeyEndpoints.sendRollCode)).data });
}
