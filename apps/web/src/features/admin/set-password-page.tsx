import { backOfficeMessages } from '@fipay/contracts/back-office';
import { newPasswordSchema } from '@fipay/contracts/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { PasswordChecklist } from '../../components/ui/password-checklist';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { z } from 'zod';
import { adminApi } from './api/admin-api';

// Both fields are checked on every submit, so a mismatch shows while the password is still too weak.
const formSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine(({ password, confirm }, context) => {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', path: ['password'], message: parsed.error.issues[0]?.message ?? 'Password is required' });
  }
  if (confirm !== password) context.addIssue({ code: 'custom', path: ['confirm'], message: 'Passwords do not match' });
});
type Fields = z.input<typeof formSchema>;

/** Opened from the one-time link that admin:create prints (or an invitation email). */
export function AdminSetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { register, handleSubmit, control, setError, formState } = useForm<Fields>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const password = useWatch({ control, name: 'password' });
  const { errors } = formState;
  const [formError, setFormError] = useState<string | null>(token ? null : backOfficeMessages.setupLinkInvalid);
  // Busy from the submit until the page is left: a success navigates away.
  const busy = Boolean(token) && (formState.isSubmitting || formState.isSubmitSuccessful);

  async function submit(fields: Fields) {
    if (!token) return;
    setFormError(null);
    try {
      await adminApi.setPassword(token, fields.password);
      toast.success(backOfficeMessages.passwordSet);
      navigate(paths.adminLogin, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, backOfficeMessages.setupLinkInvalid));
      applyServerErrors(setError, error, ['password']);
      throw error;
    }
  }

  return (
    <CardLayout>
      <form onSubmit={(event) => void handleSubmit(submit)(event).catch(() => {})} noValidate className="space-y-5">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Back office</p>
          <h1 className="text-2xl font-bold text-slate-900">Choose your password</h1>
          <p className="text-sm text-slate-600">You will set up an authenticator app when you first sign in.</p>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
          aria-describedby="admin-password-checklist"
        />
        <PasswordChecklist password={password} id="admin-password-checklist" />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <Button type="submit" disabled={busy || !token} className="w-full">
          {busy ? 'Saving...' : 'Set password'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already set?{' '}
          <Link to={paths.adminLogin} className={textLinkClasses}>
            Sign in
          </Link>
        </p>
      </form>
    </CardLayout>
  );
}
