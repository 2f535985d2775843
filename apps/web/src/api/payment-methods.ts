import { paymentMethodEndpoints } from '@fipay/contracts/endpoints/payment-methods';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { useMode } from '../stores/mode-store';

/** Each mode has its own saved payment methods: the mode is part of the key. */
export const paymentMethodsKey = (mode: string) => ['payment-methods', mode] as const;

/** The saved payment methods of this mode: the Payment Methods page, withdrawals and offers read the same query. */
export function usePaymentMethods() {
  const [mode] = useMode();
  return useQuery({ queryKey: paymentMethodsKey(mode), queryFn: async ({ signal }) => (await callApi(paymentMethodEndpoints.list, { signal })).data });
}
