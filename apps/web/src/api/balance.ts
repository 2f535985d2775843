import type { Mode } from '@fipay/contracts/developers';
import { balanceEndpoints } from '@fipay/contracts/endpoints/payments';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { useMode } from '../stores/mode-store';

/** The balance's cache key; whatever moves money (a refund, a payout) refreshes it. */
export const balanceKey = (mode: Mode) => ['balance', mode] as const;

/** The current mode's balances and totals from the ledger (one currency, NGN, for now). */
export function useBalance() {
  const [mode] = useMode();
  return useQuery({
    queryKey: balanceKey(mode),
    queryFn: async ({ signal }) => (await callApi(balanceEndpoints.get, { signal })).data.balances,
    staleTime: 15_000,
  });
}
