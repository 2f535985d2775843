import { useQuery } from '@tanstack/react-query';
import { accountQueryOptions } from '../../../api/get-account';
import { errorMessage } from '../../../lib/api-client';

export const accountLoadFailed = 'We could not load your account.';
export const accountUnreachable = 'We could not reach the server. Check your connection and try again.';

/** The signed-in user's account as the server holds it, with a way to ask again after a failure. */
export function useAccount() {
  const query = useQuery(accountQueryOptions());
  const retry = () => void query.refetch();
  // 'Try again' shows the spinner while it asks, as the first load does.
  if (query.isPending || (query.isError && query.isFetching)) return { status: 'loading' as const, retry };
  if (query.isError) {
    return { status: 'error' as const, message: errorMessage(query.error, accountLoadFailed, accountUnreachable), retry };
  }
  return { status: 'ready' as const, account: query.data, retry };
}
