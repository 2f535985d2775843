import { backOfficeMessages, type Reviewer, type ReviewerSession } from '@fipay/contracts/back-office';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { adminApi } from './api/admin-api';
import { isFullSession, useAdminSession } from './admin-session';

type Stage =
  | { name: 'credentials' }
  | { name: 'otp' }
  | { name: 'enrolment'; secret: string; qrCodeDataUrl: string }
  | { name: 'recovery'; codes: string[]; session: ReviewerSession; reviewer: Reviewer };

const heading = 'text-2xl font-bold text-slate-900';

/** Back-office sign-in: password, then the authenticator code; a first sign-in sets the authenticator up. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? paths.admin;
  const signedIn = useAdminSession((state) => isFullSession(state.session));
  const [stage, setStage] = useState<Stage>({ name: 'credentials' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (signedIn && stage.name !== 'recovery') return <Navigate to={from} replace />;

  async function signIn(otp: string) {
    setBusy(true);
    setFormError(null);
    try {
      const { data } = await adminApi.login({ email: email.trim(), password, otp });
      if (data.stage === 'otp_required') {
        setStage({ name: 'otp' });
        setCode('');
      } else if (data.stage === 'enrolment' && data.session) {
        useAdminSession.getState().setSession(data.session, data.reviewer);
        const setup = await adminApi.setupTwoFactor();
        setStage({ name: 'enrolment', secret: setup.data.secret, qrCodeDataUrl: setup.data.qrCodeDataUrl });
        setCode('');
      } else if (data.stage === 'signed_in' && data.session) {
        useAdminSession.getState().setSession(data.session, data.reviewer);
        toast.success(backOfficeMessages.signedIn);
        navigate(from, { replace: true });
      }
    } catch (error) {
      const message = errorMessage(error, backOfficeMessages.invalidCredentials);
      if (stage.name === 'otp') setErrors({ code: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  function submitCredentials(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = {
      ...(email.trim() ? {} : { email: 'Email is required' }),
      ...(password ? {} : { password: 'Password is required' }),
    };
    setErrors(invalid);
    if (Object.keys(invalid).length === 0) void signIn('');
  }

  function submitOtp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: backOfficeMessages.otpRequired });
      return;
    }
    setErrors({});
    void signIn(code.trim());
  }

  async function submitEnrolment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: backOfficeMessages.otpRequired });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await adminApi.enableTwoFactor(code.trim());
      // The enrolment session has ended; the full one is kept until the codes have been seen.
      useAdminSession.getState().clear();
      setStage({ name: 'recovery', codes: data.recoveryCodes, session: data.session, reviewer: data.reviewer });
      toast.success(backOfficeMessages.twoFactorEnabled);
    } catch (error) {
      setErrors({ code: errorMessage(error, backOfficeMessages.otpInvalid) });
    } finally {
      setBusy(false);
    }
  }

  function finishEnrolment() {
    if (stage.name !== 'recovery') return;
    useAdminSession.getState().setSession(stage.session, stage.reviewer);
    navigate(from, { replace: true });
  }

  return (
    <CardLayout>
      {stage.name === 'credentials' && (
        <form onSubmit={submitCredentials} noValidate className="space-y-5">
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
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      )}

      {stage.name === 'otp' && (
        <form onSubmit={submitOtp} noValidate className="space-y-5">
          <div className="space-y-1">
            <h1 className={heading}>Two-factor authentication</h1>
            <p className="text-sm text-slate-600">{backOfficeMessages.otpRequired} You can also use a recovery code.</p>
          </div>
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          <Button variant="ghost" className="w-full" onClick={() => setStage({ name: 'credentials' })}>
            Use another account
          </Button>
        </form>
      )}

      {stage.name === 'enrolment' && (
        <form onSubmit={(event) => void submitEnrolment(event)} noValidate className="space-y-5">
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
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.code}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Confirming...' : 'Confirm and turn on'}
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
