import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { onDemand, toastUnavailable, useOnFirstInteraction } from '../../../lib/on-demand';
import { LoginIdField } from './login-id-field';

const loadSubmit = onDemand(() => import('./login-credentials-submit'));

type LoginCredentialsFormProps = {
  onTwoFactorRequired: (credentials: LoginInitiateRequest, method: TwoFactorMethod) => void;
  initialEmail?: string;
};

export function LoginCredentialsForm({ onTwoFactorRequired, initialEmail = '' }: LoginCredentialsFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null);
  const [isResending, setIsResending] = useState(false);
  const navigate = useNavigate();
  useOnFirstInteraction(() => void loadSubmit().catch(() => undefined));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setUnverifiedMessage(null);
    const credentials = { email, password };
    try {
      const { signInWithPassword } = await loadSubmit();
      const outcome = await signInWithPassword(navigate, credentials);
      if (outcome.kind === 'two-factor') onTwoFactorRequired(credentials, outcome.method);
      else if (outcome.kind === 'unverified') setUnverifiedMessage(outcome.message);
    } catch {
      toastUnavailable(messages.loginFailed);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleResend() {
    setIsResending(true);
    try {
      const { resendVerificationEmail } = await loadSubmit();
      await resendVerificationEmail(email);
    } catch {
      toastUnavailable(messages.genericError);
    } finally {
      setIsResending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      {unverifiedMessage && (
        <Alert tone="warning">
          <p>{unverifiedMessage}</p>
          <button
            type="button"
            onClick={handleResend}
            disabled={isResending}
            className={`${textLinkClasses} text-sm disabled:opacity-60`}
          >
            {isResending ? 'Sending...' : 'Resend verification email'}
          </button>
        </Alert>
      )}
      <LoginIdField value={email} onChange={setEmail} />
      <div className="space-y-2">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClasses}>
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={isBusy}>
        {isBusy ? 'Please wait...' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className={textLinkClasses}>
          Sign up
        </Link>
      </p>
    </form>
  );
}
