import { resendVerificationRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/email-verification';

export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const parsed = resendVerificationRequest.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.emailInvalid);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      const response = await resendVerification(parsed.data.email);
      const message = response.message || messages.verificationResent;
      setSentMessage(message);
      toast.success(message);
    } catch (caught) {
      toast.error(errorMessage(caught, messages.genericError));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4 text-left">
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-slate-900">Resend verification email</h2>
        <p className="text-sm text-slate-600">Enter the email you signed up with and we will send a new link.</p>
      </div>
      {sentMessage && <Alert tone="success">{sentMessage}</Alert>}
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" className="w-full" disabled={isBusy}>
        {isBusy ? 'Sending...' : 'Resend verification email'}
      </Button>
    </form>
  );
}
