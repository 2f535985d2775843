import type { Account } from '@fipay/contracts/account';
import { accountEndpoints } from '@fipay/contracts/endpoints/account';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';

export function getAccount(signal?: AbortSignal) {
  return callApi(accountEndpoints.me, { signal });
}

/** The signed-in user's account, shared by Account Settings, Security and anything else that shows it. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) => getAccount(signal).then(({ data }) => data),
  });
}

/** Records a change a call's answer has already confirmed, so the account is not asked for again. */
export function updateCachedAccount(queryClient: QueryClient, change: (account: Account) => Account) {
  queryClient.setQueryData(accountQueryOptions().queryKey, (account) => (account ? change(account) : account));
}
