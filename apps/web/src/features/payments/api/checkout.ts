import { checkoutEndpoints, payPageEndpoints } from '@fipay/contracts/endpoints/payments';
import type { CardRequest, Checkout, PayLinkRequest } from '@fipay/contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

/** A 404 is an answer for these public pages (an unknown link), not a failure to retry. */
const noRetryOn404 = (count: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && count < 2;

export function usePayPage(slug: string) {
  return useQuery({
    queryKey: ['pay-page', slug],
    queryFn: async ({ signal }) => (await callApi(payPageEndpoints.get, { params: { slug }, signal })).data,
    retry: noRetryOn404,
  });
}

export function useStartPayment(slug: string) {
  return useMutation({ mutationFn: async (body: PayLinkRequest) => (await callApi(payPageEndpoints.pay, { params: { slug }, body })).data });
}

const checkoutKey = (code: string) => ['checkout', code] as const;

/** A public checkout by its access code (the address the customer was given), never by the payment's reference. */
export function useCheckout(code: string) {
  return useQuery({
    queryKey: checkoutKey(code),
    queryFn: async ({ signal }) => (await callApi(checkoutEndpoints.get, { params: { code }, signal })).data,
    retry: noRetryOn404,
    // A live payment being confirmed with Paystack: look again until it settles.
    refetchInterval: (query) => (query.state.data?.provider === 'paystack' && query.state.data.status === 'pending' ? 3000 : false),
  });
}

type Step = { kind: 'card'; card: CardRequest } | { kind: 'otp'; otp: string } | { kind: 'bank-transfer' } | { kind: 'simulate' };

/** One step of the checkout; its answer (the checkout after it, and the server's message) replaces the cached checkout. */
export function useCheckoutStep(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (step: Step): Promise<{ checkout: Checkout; message: string }> => {
      const params = { code };
      const answer =
        step.kind === 'card'
          ? await callApi(checkoutEndpoints.card, { params, body: step.card })
          : step.kind === 'otp'
            ? await callApi(checkoutEndpoints.otp, { params, body: { otp: step.otp } })
            : step.kind === 'bank-transfer'
              ? await callApi(checkoutEndpoints.bankTransfer, { params })
              : await callApi(checkoutEndpoints.simulateTransfer, { params });
      return { checkout: answer.data, message: answer.message };
    },
    onSuccess: ({ checkout }) => client.setQueryData(checkoutKey(code), checkout),
    // A refusal because the checkout moved on (paid in another tab, failed): show where it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: checkoutKey(code) });
    },
  });
}
