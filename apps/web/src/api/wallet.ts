import type { Mode } from '@fipay/contracts/developers';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { useMode } from '../stores/mode-store';

/** The wallet's cache key per mode; whatever moves an asset refreshes it. */
export const walletKey = (mode: Mode) => ['wallet', mode] as const;

/** Every asset's balances and worth in the current mode: one request for the wallet page and the top bar's total. */
export function useWallet() {
  const [mode] = useMode();
  return useQuery({
    queryKey: walletKey(mode),
    queryFn: async ({ signal }) => (await callApi(walletEndpoints.get, { signal })).data,
    staleTime: 15_000,
  });
}

/** The dashboard's 'Transaction Overview' of one asset: money in and out of its available balance per day, from the ledger. */
export function useWalletOverview(asset: 'NGN' | 'USD' | null) {
  const [mode] = useMode();
  return useQuery({
    queryKey: [...walletKey(mode), 'overview', asset],
    queryFn: async ({ signal }) => (await callApi(walletEndpoints.overview, { params: { asset: asset! }, query: { days: 30 }, signal })).data,
    enabled: asset !== null,
    staleTime: 15_000,
  });
}
