import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { requestPasswordReset } from './api/password-recovery';
import { LoginIdField } from './components/login-id-field';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value || isBusy) return;
    setIsBusy(true);
    try {
      await requestPasswordReset(value);
      setSent(true);
      toast.success(messages.recoveryCodeSent);
    } catch (error) {
      toast.error(errorMessage(error, messages.recoveryCodeFailed));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <CardLayout>
      <div className="space-y-6">
        <Link to={paths.login} className={`${textLinkClasses} inline-flex items-center gap-1.5 text-sm`}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back to sign in
        </Link>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900">Forgot password?</h1>
          <p className="text-sm text-slate-600">
            Enter the email or phone number of your account and we will send you a link to reset your password.
          </p>
        </div>
        {sent && <Alert tone="success">{messages.forgotPasswordBanner}</Alert>}
        <form onSubmit={handleSubmit} noValidate className="space-y-5">
          <LoginIdField value={email} onChange={setEmail} />
          <Button type="submit" className="w-full" disabled={isBusy}>
            {isBusy ? 'Sending...' : 'Send recovery code'}
          </Button>
        </form>
        <p className="text-center text-xs leading-relaxed text-slate-500">
          By continuing you agree to our{' '}
          <Link to={paths.terms} className={textLinkClasses}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className={textLinkClasses}>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </CardLayout>
  );
}
