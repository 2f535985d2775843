import type { LoginInitiateRequest } from '@fipay/contracts/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { textLinkClasses } from '../../../components/ui/button';
import { restoredValues, useResumeForm, type LiveFormProps } from '../../../lib/deferred-form';
import { applyServerErrors } from '../../../lib/server-errors';
import { LoginCredentialsMarkup, type LoginCredentialsFormProps } from './login-credentials-markup';
import { resendVerificationEmail, signInWithPassword } from './login-credentials-submit';

/**
 * The sign-in form on react-hook-form, replacing its stand-in at the first interaction. No
 * resolver: SPEC.md asks for no check beyond the server's answer, whose field errors go under
 * the fields.
 */
export function LoginCredentialsLiveForm({ snapshot, initialEmail = '', onTwoFactorRequired }: LiveFormProps<LoginCredentialsFormProps>) {
  const navigate = useNavigate();
  const { register, handleSubmit, getValues, setError, clearErrors, formState } = useForm<LoginInitiateRequest>({
    defaultValues: restoredValues({ email: initialEmail, password: '' }, snapshot),
  });
  const { errors } = formState;
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null);
  const [isResending, setIsResending] = useState(false);

  const send = handleSubmit(async (credentials) => {
    setUnverifiedMessage(null);
    const outcome = await signInWithPassword(navigate, credentials);
    if (outcome.kind === 'two-factor') onTwoFactorRequired(outcome.credentials, outcome.method);
    else if (outcome.kind === 'unverified') setUnverifiedMessage(outcome.message);
    else if (outcome.kind === 'failed') applyServerErrors(setError, outcome.error, ['email', 'password']);
  });
  const formRef = useRef<HTMLFormElement>(null);
  useResumeForm(snapshot, formRef, () => void send());

  async function handleResend() {
    setIsResending(true);
    try {
      await resendVerificationEmail(getValues('email'));
    } finally {
      setIsResending(false);
    }
  }

  return (
    <LoginCredentialsMarkup
      form={{ ref: formRef, onSubmit: (event) => void send(event) }}
      busy={formState.isSubmitting}
      field={(name) => ({ ...register(name, { onChange: () => clearErrors(name) }), error: errors[name]?.message })}
      notice={
        unverifiedMessage && (
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
        )
      }
    />
  );
}
