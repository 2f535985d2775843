import type { Mode } from '@fipay/contracts/developers';
import { paymentLinkEndpoints } from '@fipay/contracts/endpoints/payments';
import type { CreatePaymentLinkRequest, UpdatePaymentLinkRequest } from '@fipay/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

const linksKey = (mode: Mode, page: number, search: string) => ['payment-links', mode, page, search] as const;

/** One page of the current mode's payment links, of a search or all. */
export function usePaymentLinks(page: number, search: string) {
  const [mode] = useMode();
  return useQuery({
    queryKey: linksKey(mode, page, search),
    queryFn: async ({ signal }) => (await callApi(paymentLinkEndpoints.list, { query: { page, ...(search ? { search } : {}) }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

function useLinkMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['payment-links', mode] }) });
}

export const useCreatePaymentLink = () => useLinkMutation(async (body: CreatePaymentLinkRequest) => (await callApi(paymentLinkEndpoints.create, { body })).data);
export const useUpdatePaymentLink = () =>
  useLinkMutation(async ({ id, ...body }: UpdatePaymentLinkRequest & { id: string }) => (await callApi(paymentLinkEndpoints.update, { params: { id }, body })).data);
