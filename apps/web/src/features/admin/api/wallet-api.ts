import type { WalletMode, WalletStatementQuery } from '@fipay/contracts/back-office-wallet';
import { backOfficeWalletEndpoints as endpoints } from '@fipay/contracts/endpoints/back-office-wallet';
import { paymentMethodEndpoints } from '@fipay/contracts/endpoints/payment-methods';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './admin-api';

/** A company's wallet, its freezes, and the payment methods waiting for a name review (docs/decisions/0074-frozen-wallets.md). */
export const walletApi = {
  wallet: (companyId: string, signal?: AbortSignal) => call(endpoints.wallet, { params: { companyId }, signal }),
  statement: (companyId: string, query: WalletStatementQuery, signal?: AbortSignal) => call(endpoints.statement, { params: { companyId }, query, signal }),
  freeze: (companyId: string, mode: WalletMode, reason: string) => call(endpoints.freeze, { params: { companyId }, body: { mode, reason } }),
  unfreeze: (companyId: string, mode: WalletMode, reason: string) => call(endpoints.unfreeze, { params: { companyId }, body: { mode, reason } }),
  reviews: (before: string | undefined, signal?: AbortSignal) => call(endpoints.paymentMethodReviews, { query: before ? { before } : {}, signal }),
  acceptName: (id: string) => call(paymentMethodEndpoints.clearReview, { params: { id } }),
  reject: (id: string, reason: string) => call(endpoints.rejectPaymentMethod, { params: { id }, body: { reason } }),
};

const keys = {
  wallet: (companyId: string) => ['admin', 'wallet', companyId] as const,
  statement: (companyId: string, query: Omit<WalletStatementQuery, 'before'>) => ['admin', 'wallet', companyId, 'statement', query] as const,
  reviews: ['admin', 'payment-method-reviews'] as const,
};

/** The balances and freezes: asked again on each visit, since money moves all the time. */
export function walletQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.wallet(companyId),
    queryFn: ({ signal }) => walletApi.wallet(companyId, signal).then(({ data }) => data),
    staleTime: 0,
  });
}

/** One account's statement, newest first; "Load more" asks for the lines before the last shown. */
export function statementQueryOptions(companyId: string, query: Required<Pick<WalletStatementQuery, 'mode' | 'asset' | 'account'>>) {
  return infiniteQueryOptions({
    queryKey: keys.statement(companyId, query),
    queryFn: ({ signal, pageParam }) => walletApi.statement(companyId, { ...query, ...(pageParam ? { before: pageParam } : {}) }, signal).then(({ data }) => data),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });
}

/** Freezing or unfreezing one mode; the wallet is read again with the new state (and its balances as they are now). */
export function useFreezeAction(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ freeze, mode, reason }: { freeze: boolean; mode: WalletMode; reason: string }) =>
      freeze ? walletApi.freeze(companyId, mode, reason) : walletApi.unfreeze(companyId, mode, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.wallet(companyId), exact: true }),
  });
}

export function paymentMethodReviewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: keys.reviews,
    queryFn: ({ signal, pageParam }) => walletApi.reviews(pageParam ?? undefined, signal).then(({ data }) => data),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });
}

/** Accepting or rejecting a method takes it off the queue (the cached pages drop it). */
export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) => (reason === null ? walletApi.acceptName(id) : walletApi.reject(id, reason)),
    onSuccess: (_answer, { id }) =>
      queryClient.setQueryData(paymentMethodReviewsQueryOptions().queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, paymentMethods: page.paymentMethods.filter((method) => method.id !== id) })) } : data,
      ),
  });
}
