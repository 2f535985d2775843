import { forgotPasswordRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, serverMessage } from '../../lib/server-errors';
import { requestPasswordReset } from './api/password-recovery';
import { LoginIdField } from './components/login-id-field';

type Fields = z.input<typeof forgotPasswordRequest>;

export function ForgotPasswordPage() {
  // The contract's check; an empty field is not sent and shows nothing (SPEC.md section 5).
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Fields, unknown, z.output<typeof forgotPasswordRequest>>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: isBusy } = formState;
  // Stays once shown, also through a later failed request.
  const [sent, setSent] = useState(false);

  async function submit({ email }: z.output<typeof forgotPasswordRequest>) {
    try {
      await requestPasswordReset(email);
      setSent(true);
      toast.success(messages.recoveryCodeSent);
    } catch (error) {
      toast.error(errorMessage(error, messages.recoveryCodeFailed));
      applyServerErrors(setError, error, ['email']);
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
        <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
          <LoginIdField
            {...register('email', { onChange: () => clearErrors('email') })}
            error={serverMessage(errors.email)}
          />
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
