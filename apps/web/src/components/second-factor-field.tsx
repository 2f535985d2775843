import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { accountQueryOptions } from '../api/get-account';
import { errorMessage } from '../lib/api-client';
import { Button } from './ui/button';
import { TextField } from './ui/field';

/** Whatever emails the code for one purpose (a payment-method change, a transfer). */
type SendCode = Pick<UseMutationResult<unknown, unknown, void>, 'mutateAsync' | 'isPending'>;

export type SecondFactor = { method: 'authenticator' | 'email' | null; emailCode: () => Promise<void>; sending: boolean };

/**
 * The signed-in user's second factor, read when `enabled`: the authenticator, email codes or none; `emailCode` sends
 * one for this purpose through `sendCode`.
 */
export function useSecondFactor(enabled: boolean, sendCode: SendCode): SecondFactor {
  const account = useQuery({ ...accountQueryOptions(), enabled });
  const method = account.data?.security.twoFactorMethod ?? null;
  async function emailCode() {
    try {
      await sendCode.mutateAsync();
      toast.success('We emailed you a code.');
    } catch (error) {
      toast.error(errorMessage(error, 'The code could not be sent.'));
    }
  }
  return { method, emailCode, sending: sendCode.isPending };
}

/**
 * The code field for `method`: the authenticator's (or a recovery code), or an emailed code with a button that sends
 * one. Nothing when the method is null.
 */
export function SecondFactorField({
  factor,
  method = factor.method,
  error,
  ...field
}: { factor: SecondFactor; method?: SecondFactor['method']; error?: string } & UseFormRegisterReturn) {
  if (method === 'authenticator') {
    return <TextField label="Authenticator code" hint="The code from your authenticator app, or a recovery code." autoComplete="one-time-code" {...field} error={error} />;
  }
  if (method === 'email') {
    return (
      <div className="space-y-2">
        <TextField label="Emailed code" inputMode="numeric" autoComplete="one-time-code" {...field} error={error} />
        <Button size="sm" variant="secondary" onClick={() => void factor.emailCode()} disabled={factor.sending}>
          Email me a code
        </Button>
      </div>
    );
  }
  return null;
}
