import type { TwoFactorMethod } from '@fipay/contracts/auth';
import { lazy, Suspense, useState } from 'react';
import { AuthSplitLayout, LOGIN_TAGLINE } from '../../components/layouts/auth-split-layout';
import { onDemand, useOnFirstInteraction } from '../../lib/on-demand';
import { LoginCredentialsForm } from './components/login-credentials-form';
import type { SignInCredentials } from './hooks/use-complete-sign-in';

// Needed only once the credentials are accepted: /login opens without it and its API code.
const loadOtpForm = onDemand(() => import('./components/login-otp-form'));
const LoginOtpForm = lazy(() => loadOtpForm().then((m) => ({ default: m.LoginOtpForm })));

export function LoginPage() {
  const [pending, setPending] = useState<{ credentials: SignInCredentials; method: TwoFactorMethod } | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  useOnFirstInteraction(() => void loadOtpForm().catch(() => undefined));

  return (
    <AuthSplitLayout>
      {pending ? (
        <Suspense fallback={null}>
          <LoginOtpForm
            credentials={pending.credentials}
            method={pending.method}
            onBack={() => {
              setLastEmail(pending.credentials.email);
              setPending(null);
            }}
          />
        </Suspense>
      ) : (
        <div className="space-y-8">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome back</h1>
            <p className="text-sm text-slate-600">
              Sign in to your business account.<span className="lg:hidden"> {LOGIN_TAGLINE}.</span>
            </p>
          </div>
          <LoginCredentialsForm
            initialEmail={lastEmail}
            onTwoFactorRequired={(credentials, method) => setPending({ credentials, method })}
          />
        </div>
      )}
    </AuthSplitLayout>
  );
}
