import { backOfficeMessages } from '@fipay/contracts/back-office';
import { newPasswordSchema } from '@fipay/contracts/password';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { PasswordChecklist } from '../../components/ui/password-checklist';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { adminApi } from './api/admin-api';

/** Opened from the one-time link that admin:create prints (or an invitation email). */
export function AdminSetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(token ? null : backOfficeMessages.setupLinkInvalid);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const invalid = {
      ...(parsed.success ? {} : { password: parsed.error.issues[0]?.message ?? 'Password is required' }),
      ...(confirm === password ? {} : { confirm: 'Passwords do not match' }),
    };
    setErrors(invalid);
    if (Object.keys(invalid).length > 0 || !token) return;
    setBusy(true);
    setFormError(null);
    try {
      await adminApi.setPassword(token, password);
      toast.success(backOfficeMessages.passwordSet);
      navigate(paths.adminLogin, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, backOfficeMessages.setupLinkInvalid));
      setBusy(false);
    }
  }

  return (
    <CardLayout>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="space-y-5">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Back office</p>
          <h1 className="text-2xl font-bold text-slate-900">Choose your password</h1>
          <p className="text-sm text-slate-600">You will set up an authenticator app when you first sign in.</p>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          aria-describedby="admin-password-checklist"
        />
        <PasswordChecklist password={password} id="admin-password-checklist" />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
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
