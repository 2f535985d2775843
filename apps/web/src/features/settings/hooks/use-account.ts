import type { Account } from '@fipay/contracts/account';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { getAccount } from '../api/get-account';

type AccountState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; account: Account };

export const accountLoadFailed = 'We could not load your account.';
export const accountUnreachable = 'We could not reach the server. Check your connection and try again.';

/** The signed-in user's account as the server holds it, with a way to ask again after a failure. */
export function useAccount() {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getAccount(controller.signal)
      .then(({ data }) => setState({ status: 'ready', account: data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: errorMessage(error, accountLoadFailed, accountUnreachable) });
      });
    return () => controller.abort();
  }, [attempt]);

  function retry() {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }

  return { ...state, retry };
}
