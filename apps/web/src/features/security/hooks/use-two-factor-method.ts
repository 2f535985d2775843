import type { TwoFactorMethod } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { accountQueryOptions, updateCachedAccount } from '../../../api/get-account';
import { errorMessage } from '../../../lib/api-client';

type TwoFactorState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; method: TwoFactorMethod | null };

/** Which second factor is on, as the server holds it; `setMethod` records a change the server just confirmed. */
export function useTwoFactorMethod() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...accountQueryOptions(), select: (account) => account.security.twoFactorMethod });

  useEffect(() => {
    if (query.isError) console.error('Loading the security settings failed', query.error);
  }, [query.isError, query.error]);

  const setMethod = useCallback(
    (method: TwoFactorMethod | null) =>
      updateCachedAccount(queryClient, (account) => ({ ...account, security: { ...account.security, twoFactorMethod: method } })),
    [queryClient],
  );
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  let state: TwoFactorState;
  if (query.isPending || (query.isError && query.isFetching)) state = { status: 'loading' };
  else if (query.isError) state = { status: 'error', message: errorMessage(query.error, messages.genericError, messages.genericError) };
  else state = { status: 'ready', method: query.data };

  return { state, setMethod, retry };
}
