import type { AssetCode } from '@fipay/contracts/assets';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import type { WalletStatementFilters } from '@fipay/contracts/wallet';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '../../../api/wallet';
import { callApi, downloadMerchantFile } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

const statementKey = (mode: string, asset: AssetCode) => ['wallet-statement', mode, asset] as const;

/** Only the filters that are set, as the query string takes them. */
const setFilters = (filters: WalletStatementFilters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value));

/** An asset's statement, newest first, a page at a time ("Load more" asks for the next by its cursor). */
export function useWalletStatement(asset: AssetCode, filters: WalletStatementFilters) {
  const [mode] = useMode();
  return useInfiniteQuery({
    queryKey: [...statementKey(mode, asset), filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await callApi(walletEndpoints.statement, { params: { asset }, query: { ...setFilters(filters), ...(pageParam ? { before: pageParam } : {}) }, signal })).data,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

/** Adds test funds (test mode), then refreshes the wallet and the asset's statement from the server. */
export function useAddTestFunds(asset: AssetCode) {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (amount: bigint) => await callApi(walletEndpoints.addTestFunds, { params: { asset }, body: { amount: amount.toString() } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: walletKey(mode) }), client.invalidateQueries({ queryKey: statementKey(mode, asset) })]);
    },
  });
}

export const downloadStatementCsv = (asset: AssetCode, filters: WalletStatementFilters) =>
  downloadMerchantFile(walletEndpoints.statementCsv, setFilters(filters), `${asset.toLowerCase()}-statement.csv`, { asset });
