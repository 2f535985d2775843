import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import { useState } from 'react';
import { AuthSplitLayout, LOGIN_TAGLINE } from '../../components/layouts/auth-split-layout';
import { LoginCredentialsForm } from './components/login-credentials-form';
import { LoginOtpForm } from './components/login-otp-form';

export function LoginPage() {
  const [pending, setPending] = useState<{ credentials: LoginInitiateRequest; method: TwoFactorMethod } | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  return (
    <AuthSplitLayout>
      {pending ? (
        <LoginOtpForm
          credentials={pending.credentials}
          method={pending.method}
          onBack={() => {
            setLastEmail(pending.credentials.email);
            setPending(null);
          }}
        />
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
