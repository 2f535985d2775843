import type { Mode } from '@fipay/contracts/developers';
import { refundEndpoints, transactionEndpoints } from '@fipay/contracts/endpoints/payments';
import type { CreateRefundRequest, TransactionListQuery } from '@fipay/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceKey } from '../../../api/balance';
import { walletKey } from '../../../api/wallet';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

/* The dashboard's transactions of the current mode, and their refunds. */

const keys = {
  transactions: (mode: Mode, filters: TransactionQuery) => ['transactions', mode, filters] as const,
  transaction: (mode: Mode, reference: string) => ['transaction', mode, reference] as const,
};

export type TransactionQuery = Omit<TransactionListQuery, 'pageSize'> & { pageSize?: number };

export function useTransactions(filters: TransactionQuery) {
  const [mode] = useMode();
  return useQuery({
    queryKey: keys.transactions(mode, filters),
    queryFn: async ({ signal }) => (await callApi(transactionEndpoints.list, { query: filters, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(reference: string | null) {
  const [mode] = useMode();
  return useQuery({
    queryKey: keys.transaction(mode, reference ?? ''),
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
      void client.invalidateQueries({ queryKey: keys.transaction(mode, refund.transactionReference) });
      void client.invalidateQueries({ queryKey: ['transactions', mode] });
      void client.invalidateQueries({ queryKey: balanceKey(mode) });
      void client.invalidateQueries({ queryKey: walletKey(mode) });
    },
  });
}
