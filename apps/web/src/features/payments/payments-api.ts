import type { Mode } from '@fipay/contracts/developers';
import {
  checkoutEndpoints,
  paymentLinkEndpoints,
  payPageEndpoints,
  refundEndpoints,
  settlementEndpoints,
  transactionEndpoints,
} from '@fipay/contracts/endpoints/payments';
import type {
  CardRequest,
  Checkout,
  CreatePaymentLinkRequest,
  CreateRefundRequest,
  PayLinkRequest,
  TransactionListQuery,
  UpdatePaymentLinkRequest,
} from '@fipay/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api-client';
import { balanceKey } from '../../api/balance';
import { useMode } from '../../stores/mode-store';

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

/* The dashboard's calls: the current mode's links, transactions and balance. */

const dashboardKeys = {
  links: (mode: Mode, page: number, search: string) => ['payment-links', mode, page, search] as const,
  transactions: (mode: Mode, filters: TransactionQuery) => ['transactions', mode, filters] as const,
  transaction: (mode: Mode, reference: string) => ['transaction', mode, reference] as const,
};

export function usePaymentLinks(page: number, search: string) {
  const [mode] = useMode();
  return useQuery({
    queryKey: dashboardKeys.links(mode, page, search),
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

export type TransactionQuery = Omit<TransactionListQuery, 'pageSize'> & { pageSize?: number };

export function useTransactions(filters: TransactionQuery) {
  const [mode] = useMode();
  return useQuery({
    queryKey: dashboardKeys.transactions(mode, filters),
    queryFn: async ({ signal }) => (await callApi(transactionEndpoints.list, { query: filters, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(reference: string | null) {
  const [mode] = useMode();
  return useQuery({
    queryKey: dashboardKeys.transaction(mode, reference ?? ''),
    queryFn: async ({ signal }) => (await callApi(transactionEndpoints.get, { params: { reference: reference! }, signal })).data,
    enabled: reference !== null,
  });
}


export function useRefund() {
  const client = useQueryClient();
  const [mode] = useMode();
  return useMutation({
    mutationFn: async (body: CreateRefundRequest) => (await callApi(refundEndpoints.create, { body })).data,
    onSuccess: (refund) => {
      void client.invalidateQueries({ queryKey: dashboardKeys.transaction(mode, refund.transactionReference) });
      void client.invalidateQueries({ queryKey: ['transactions', mode] });
      void client.invalidateQueries({ queryKey: balanceKey(mode) });
    },
  });
}

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
