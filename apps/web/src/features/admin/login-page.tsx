import { backOfficeMessages, type Reviewer, type ReviewerSession } from '@fipay/contracts/back-office';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { z } from 'zod';
import { adminApi } from './api/admin-api';
import { isFullSession, useAdminSession } from './admin-session';

type Stage =
  | { name: 'credentials' }
  | { name: 'otp' }
  | { name: 'enrolment'; secret: string; qrCodeDataUrl: string }
  | { name: 'recovery'; codes: string[]; session: ReviewerSession; reviewer: Reviewer };

const heading = 'text-2xl font-bold text-slate-900';

const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
type Credentials = z.input<typeof credentialsSchema>;

const otpSchema = z.object({ code: z.string().trim().min(1, backOfficeMessages.otpRequired) });
const enrolmentSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, backOfficeMessages.otpRequired) });
type CodeFields = { code: string };

/** Back-office sign-in: password, then the authenticator code; a first sign-in sets the authenticator up. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? paths.admin;
  const signedIn = useAdminSession((state) => isFullSession(state.session));
  const [stage, setStage] = useState<Stage>({ name: 'credentials' });
  const [formError, setFormError] = useState<string | null>(null);
  const credentialsForm = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const codeForm = useForm<CodeFields>({
    resolver: zodResolver(stage.name === 'enrolment' ? enrolmentSchema : otpSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });

  if (signedIn && stage.name !== 'recovery') return <Navigate to={from} replace />;

  async function signIn(otp: string) {
    setFormError(null);
    const { email, password } = credentialsForm.getValues();
    try {
      const { data } = await adminApi.login({ email: email.trim(), password, otp });
      if (data.stage === 'otp_required') {
        setStage({ name: 'otp' });
        codeForm.reset();
      } else if (data.stage === 'enrolment' && data.session) {
        useAdminSession.getState().setSession(data.session, data.reviewer);
        const setup = await adminApi.setupTwoFactor();
        setStage({ name: 'enrolment', secret: setup.data.secret, qrCodeDataUrl: setup.data.qrCodeDataUrl });
        codeForm.reset();
      } else if (data.stage === 'signed_in' && data.session) {
        useAdminSession.getState().setSession(data.session, data.reviewer);
        toast.success(backOfficeMessages.signedIn);
        navigate(from, { replace: true });
      }
    } catch (error) {
      const message = errorMessage(error, backOfficeMessages.invalidCredentials);
      if (stage.name === 'otp') codeForm.setError('code', { type: 'server', message });
      else setFormError(message);
    }
  }

  async function submitEnrolment({ code }: CodeFields) {
    try {
      const { data } = await adminApi.enableTwoFactor(code);
      // The enrolment session has ended; the full one is kept until the codes have been seen.
      useAdminSession.getState().clear();
      setStage({ name: 'recovery', codes: data.recoveryCodes, session: data.session, reviewer: data.reviewer });
      toast.success(backOfficeMessages.twoFactorEnabled);
    } catch (error) {
      codeForm.setError('code', { type: 'server', message: errorMessage(error, backOfficeMessages.otpInvalid) });
    }
  }

  const credentialErrors = credentialsForm.formState.errors;
  const codeError = codeForm.formState.errors.code?.message;

  function finishEnrolment() {
    if (stage.name !== 'recovery') return;
    useAdminSession.getState().setSession(stage.session, stage.reviewer);
    navigate(from, { replace: true });
  }

  return (
    <CardLayout>
      {stage.name === 'credentials' && (
        <form onSubmit={(event) => void credentialsForm.handleSubmit(() => signIn(''))(event)} noValidate className="space-y-5">
          <div className="space-y-1">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Back office</p>
            <h1 className={heading}>Reviewer sign-in</h1>
            <p className="text-sm text-slate-600">For the compliance team. Company users sign in at the main login page.</p>
          </div>
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            error={credentialErrors.email?.message}
            {...credentialsForm.register('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={credentialErrors.password?.message}
            {...credentialsForm.register('password')}
          />
          <Button type="submit" disabled={credentialsForm.formState.isSubmitting} className="w-full">
            {credentialsForm.formState.isSubmitting ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      )}

      {stage.name === 'otp' && (
        <form onSubmit={(event) => void codeForm.handleSubmit(({ code }) => signIn(code))(event)} noValidate className="space-y-5">
          <div className="space-y-1">
            <h1 className={heading}>Two-factor authentication</h1>
            <p className="text-sm text-slate-600">{backOfficeMessages.otpRequired} You can also use a recovery code.</p>
          </div>
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            autoFocus
            error={codeError}
            {...codeForm.register('code')}
          />
          <Button type="submit" disabled={codeForm.formState.isSubmitting} className="w-full">
            {codeForm.formState.isSubmitting ? 'Verifying...' : 'Verify'}
          </Button>
          <Button variant="ghost" className="w-full" onClick={() => setStage({ name: 'credentials' })}>
            Use another account
          </Button>
        </form>
      )}

      {stage.name === 'enrolment' && (
        <form onSubmit={(event) => void codeForm.handleSubmit(submitEnrolment)(event)} noValidate className="space-y-5">
          <div className="space-y-1">
            <h1 className={heading}>Set up your authenticator</h1>
            <p className="text-sm text-slate-600">
              The back office needs two-factor authentication. {backOfficeMessages.enrolmentStarted}
            </p>
          </div>
          <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <img src={stage.qrCodeDataUrl} alt="QR code for your authenticator app" className="h-44 w-44 bg-white" />
            <p className="text-center text-xs text-slate-600">Can&apos;t scan it? Enter this key in the app:</p>
            <code data-testid="totp-secret" className="font-mono text-sm font-semibold break-all text-slate-900 select-all">
              {stage.secret}
            </code>
          </div>
          <TextField
            label="6-digit code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeError}
            {...codeForm.register('code', {
              onChange: (event: { target: { value: string } }) => codeForm.setValue('code', event.target.value.replace(/\D/g, '')),
            })}
          />
          <Button type="submit" disabled={codeForm.formState.isSubmitting} className="w-full">
            {codeForm.formState.isSubmitting ? 'Confirming...' : 'Confirm and turn on'}
          </Button>
        </form>
      )}

      {stage.name === 'recovery' && (
        <div className="space-y-5">
          <div className="space-y-1">
            <h1 className={heading}>Save your recovery codes</h1>
            <p className="text-sm text-slate-600">
              Each code signs you in once if you lose your authenticator. They are shown only now: keep them somewhere safe.
            </p>
          </div>
          <ul
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 select-all"
          >
            {stage.codes.map((recoveryCode) => (
              <li key={recoveryCode} className="text-center tracking-wide">
                {recoveryCode}
              </li>
            ))}
          </ul>
          <Button className="w-full" onClick={finishEnrolment}>
            I saved them, continue
          </Button>
        </div>
      )}
    </CardLayout>
  );
}
