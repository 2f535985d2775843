import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink, textLinkClasses } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { resetPassword } from './api/password-recovery';
import { PasswordChecklist } from '../../components/ui/password-checklist';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!newPassword || isBusy) return;
    setError(null);
    setFieldError(undefined);
    if (!token) {
      setError(messages.invalidOrExpiredToken);
      return;
    }
    setIsBusy(true);
    try {
      await resetPassword({ token, newPassword });
      setDone(true);
      toast.success(messages.passwordReset);
    } catch (caught) {
      const message = errorMessage(caught, messages.passwordResetFailed, messages.passwordResetThrown);
      setError(message);
      toast.error(message);
      if (caught instanceof ApiError) setFieldError(caught.fieldErrors.newPassword);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <CardLayout>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900">Reset your password</h1>
          {!done && <p className="text-sm text-slate-600">Choose a new password for your FiPay account.</p>}
        </div>
        {done ? (
          <div className="space-y-6">
            <Alert tone="success">{messages.passwordReset}</Alert>
            <ButtonLink to={paths.login} className="w-full">
              Go to Login
            </ButtonLink>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="space-y-5">
            {error && <Alert tone="error">{error}</Alert>}
            <PasswordField
              label="New Password"
              name="newPassword"
              autoComplete="new-password"
              placeholder="Enter a new password"
              value={newPassword}
              error={fieldError}
              aria-describedby="reset-password-checklist"
              onChange={(event) => {
                setNewPassword(event.target.value);
                setFieldError(undefined);
              }}
            />
            <PasswordChecklist id="reset-password-checklist" password={newPassword} />
            <Button type="submit" className="w-full" disabled={!newPassword || isBusy}>
              {isBusy ? 'Resetting...' : 'Reset Password'}
            </Button>
            <p className="text-center text-sm">
              <Link to={paths.login} className={textLinkClasses}>
                Back to sign in
              </Link>
            </p>
          </form>
        )}
      </div>
    </CardLayout>
  );
}
