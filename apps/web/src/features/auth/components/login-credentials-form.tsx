import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import { errorCode } from '@fipay/contracts/error-codes';
import { emailField } from '@fipay/contracts/fields';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/email-verification';
import { initiateLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { LoginIdField } from './login-id-field';

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
  const completeSignIn = useCompleteSignIn();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setUnverifiedMessage(null);
    const credentials = { email, password };
    try {
      const { data } = await initiateLogin(credentials);
      if (data.twoFactorEnabled) {
        onTwoFactorRequired(credentials, data.twoFactorMethod ?? 'authenticator');
        return;
      }
      await completeSignIn(credentials, '');
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCode.EMAIL_NOT_VERIFIED) {
        setUnverifiedMessage(error.message || messages.emailNotVerified);
      } else {
        toast.error(errorMessage(error, messages.loginFailed, messages.loginFailed), { id: 'login-error' });
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function handleResend() {
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      toast.error(messages.emailInvalid);
      return;
    }
    setIsResending(true);
    try {
      const response = await resendVerification(parsed.data);
      toast.success(response.message || messages.verificationResent);
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
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
