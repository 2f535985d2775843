import { resendVerificationRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { resendVerification } from '../api/email-verification';

type Fields = z.input<typeof resendVerificationRequest>;

export function ResendVerificationForm() {
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Fields, unknown, z.output<typeof resendVerificationRequest>>({
    resolver: zodResolver(resendVerificationRequest),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: isBusy } = formState;
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  async function submit({ email }: z.output<typeof resendVerificationRequest>) {
    try {
      const response = await resendVerification(email);
      const message = response.message || messages.verificationResent;
      setSentMessage(message);
      toast.success(message);
    } catch (caught) {
      toast.error(errorMessage(caught, messages.genericError));
      applyServerErrors(setError, caught, ['email']);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4 text-left">
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-slate-900">Resend verification email</h2>
        <p className="text-sm text-slate-600">Enter the email you signed up with and we will send a new link.</p>
      </div>
      {sentMessage && <Alert tone="success">{sentMessage}</Alert>}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <Button type="submit" variant="secondary" className="w-full" disabled={isBusy}>
        {isBusy ? 'Sending...' : 'Resend verification email'}
      </Button>
    </form>
  );
}
