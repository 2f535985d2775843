import { messages } from '@fipay/contracts/messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink, textLinkClasses } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, shownUnderField } from '../../lib/server-errors';
import { resetPassword } from './api/password-recovery';
import { PasswordChecklist } from '../../components/ui/password-checklist';

type Fields = { newPassword: string };

/**
 * No resolver: the button waits for a password and the server judges it (SPEC.md section 5), its
 * refusal shown under the field when it is about the password, else above the form and as a toast.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { register, handleSubmit, control, setError, clearErrors, formState } = useForm<Fields>({
    defaultValues: { newPassword: '' },
  });
  const { errors, isSubmitting: isBusy } = formState;
  const newPassword = useWatch({ control, name: 'newPassword' });
  const [done, setDone] = useState(false);
  const [error, setFormError] = useState<string | null>(null);

  async function submit(fields: Fields) {
    setFormError(null);
    if (!token) {
      setFormError(messages.invalidOrExpiredToken);
      return;
    }
    try {
      await resetPassword({ token, newPassword: fields.newPassword });
      setDone(true);
      toast.success(messages.passwordReset);
    } catch (caught) {
      const message = errorMessage(caught, messages.passwordResetFailed, messages.passwordResetThrown);
      applyServerErrors(setError, caught, ['newPassword'], { focus: true });
      // A message the field already shows (a weak password) is said once, there.
      if (!shownUnderField(caught, message, ['newPassword'])) {
        setFormError(message);
        toast.error(message);
      }
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
          <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
            {error && <Alert tone="error">{error}</Alert>}
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              placeholder="Enter a new password"
              error={errors.newPassword?.message}
              aria-describedby="reset-password-checklist"
              // An empty password is not sent (the button says so too); the rule has no text of its own.
              {...register('newPassword', { required: true, onChange: () => clearErrors('newPassword') })}
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
