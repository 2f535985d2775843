import { bankEndpoints } from '@fipay/contracts/endpoints/banks';
import { paymentMethodEndpoints } from '@fipay/contracts/endpoints/payment-methods';
import type { AddPaymentMethodRequest } from '@fipay/contracts/payment-methods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsKey, usePaymentMethods } from '../../../api/payment-methods';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

export { usePaymentMethods };

export function useAddPaymentMethod() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddPaymentMethodRequest) => await callApi(paymentMethodEndpoints.add, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentMethodsKey(mode) }),
  });
}

export function useRemovePaymentMethod() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, code }: { id: string; code?: string }) => (await callApi(paymentMethodEndpoints.remove, { params: { id }, body: code ? { code } : {} })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentMethodsKey(mode) }),
  });
}

export function useSendPaymentMethodCode() {
  return useMutation({ mutationFn: async () => (await callApi(paymentMethodEndpoints.sendCode)).data });
}

/** The Nigerian banks for the add dialog, loaded when the dialog asks. */
export function useNigerianBanks(enabled: boolean) {
  return useQuery({ queryKey: ['banks'], enabled, staleTime: Infinity, queryFn: async ({ signal }) => (await callApi(bankEndpoints.list, { signal })).data });
}
