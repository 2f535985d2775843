import { messages } from '@fipay/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { ButtonLink } from '../../components/ui/button';
import AlertCircleIcon from 'lucide-react/icons/circle-alert';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { verifyEmail } from './api/email-verification';
import { ResendVerificationForm } from './components/resend-verification-form';

type Status = { state: 'loading' } | { state: 'success' } | { state: 'failed'; message: string };

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [status, setStatus] = useState<Status>(() =>
    token ? { state: 'loading' } : { state: 'failed', message: messages.invalidOrExpiredToken },
  );
  // The token is single-use: StrictMode's second effect run must not spend it again.
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || startedFor.current === token) return;
    startedFor.current = token;
    verifyEmail(token)
      .then((response) => {
        toast.success(response.message || messages.emailVerified);
        setStatus({ state: 'success' });
      })
      .catch((error: unknown) => {
        toast.error(errorMessage(error, messages.verificationFailed, 'An error occurred.'));
        setStatus({ state: 'failed', message: errorMessage(error, messages.invalidOrExpiredToken, 'An error occurred.') });
      });
  }, [token]);

  return (
    <CardLayout>
      {status.state === 'loading' && (
        <div className="flex flex-col items-center gap-4 py-8 text-center" role="status">
          <Spinner />
          <p className="text-sm font-medium text-slate-700">Verifying your email...</p>
        </div>
      )}
      {status.state === 'success' && (
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CheckCircleIcon className="h-8 w-8" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Email Verified!</h1>
          <p className="text-sm text-slate-600">You can now log in to your account.</p>
          <ButtonLink to={paths.login} className="mt-2 w-full">
            Go to Login
          </ButtonLink>
        </div>
      )}
      {status.state === 'failed' && (
        <div className="space-y-8">
          <div className="flex flex-col items-center gap-4 pt-4 text-center">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
              <AlertCircleIcon className="h-8 w-8" />
            </span>
            <h1 className="text-2xl font-bold text-slate-900">Verification Failed</h1>
            <p role="alert" className="text-sm text-slate-600">
              {status.message}
            </p>
          </div>
          <div className="border-t border-slate-200 pt-6">
            <ResendVerificationForm />
          </div>
          <ButtonLink to={paths.login} variant="ghost" className="w-full">
            Go to Login
          </ButtonLink>
        </div>
      )}
    </CardLayout>
  );
}
