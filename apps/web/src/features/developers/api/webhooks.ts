import type { Mode, RollApiKeyRequest } from '@fipay/contracts/developers';
import { webhookDeliveryEndpoints, webhookEndpointEndpoints } from '@fipay/contracts/endpoints/developers';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest } from '@fipay/contracts/webhooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

/** Query keys carry the mode: test and live objects never share a cache entry. */
const keys = {
  endpoints: (mode: Mode) => ['webhook-endpoints', mode] as const,
  deliveries: (mode: Mode, endpointId: string, page: number) => ['webhook-deliveries', mode, endpointId, page] as const,
};

export function useWebhookEndpoints() {
  const [mode] = useMode();
  return useQuery({
    queryKey: keys.endpoints(mode),
    queryFn: async ({ signal }) => (await callApi(webhookEndpointEndpoints.list, { signal })).data.endpoints,
  });
}

/** Every change to endpoints of the current mode refreshes their list. */
function useEndpointMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints(mode) }) });
}

export const useCreateWebhookEndpoint = () =>
  useEndpointMutation(async (body: CreateWebhookEndpointRequest) => (await callApi(webhookEndpointEndpoints.create, { body })).data);
export const useUpdateWebhookEndpoint = () =>
  useEndpointMutation(async ({ id, ...body }: UpdateWebhookEndpointRequest & { id: string }) => (await callApi(webhookEndpointEndpoints.update, { params: { id }, body })).data);
export const useDeleteWebhookEndpoint = () =>
  useEndpointMutation(async (id: string) => (await callApi(webhookEndpointEndpoints.remove, { params: { id } })).data);
export const useRollWebhookSecret = () =>
  useEndpointMutation(async ({ id, expiresIn }: { id: string; expiresIn: RollApiKeyRequest['expiresIn'] }) =>
    (await callApi(webhookEndpointEndpoints.rollSecret, { params: { id }, body: { expiresIn } })).data,
  );

/** An endpoint's deliveries, newest first; polled while any is still pending. */
export function useDeliveries(endpointId: string, page = 1) {
  const [mode] = useMode();
  return useQuery({
    queryKey: keys.deliveries(mode, endpointId, page),
    queryFn: async ({ signal }) => (await callApi(webhookEndpointEndpoints.deliveries, { params: { id: endpointId }, query: { page }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 1000 : false),
  });
}

function useDeliveryMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['webhook-deliveries', mode] }) });
}

export const useSendTestEvent = () => useDeliveryMutation(async (id: string) => (await callApi(webhookEndpointEndpoints.sendTest, { params: { id } })).data);
export const useResendDelivery = () => useDeliveryMutation(async (id: string) => (await callApi(webhookDeliveryEndpoints.retry, { params: { id } })).data);
