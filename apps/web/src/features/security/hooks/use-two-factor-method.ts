import type { TwoFactorMethod } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { getAccount } from '../api/get-account';

type TwoFactorState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; method: TwoFactorMethod | null };

/** Which second factor is on, as the server holds it; `setMethod` records a change this page made. */
export function useTwoFactorMethod() {
  const [state, setState] = useState<TwoFactorState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getAccount(controller.signal)
      .then(({ data }) => setState({ status: 'ready', method: data.security.twoFactorMethod }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the security settings failed', error);
        setState({ status: 'error', message: errorMessage(error, messages.genericError, messages.genericError) });
      });
    return () => controller.abort();
  }, [attempt]);

  const setMethod = useCallback((method: TwoFactorMethod | null) => setState({ status: 'ready', method }), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, setMethod, retry };
}
