import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import type { FieldProps, FormProps } from '../../../lib/deferred-form';
import type { SignInCredentials } from '../hooks/use-complete-sign-in';
import { LoginIdField } from './login-id-field';

export type LoginCredentialsFormProps = {
  onTwoFactorRequired: (credentials: SignInCredentials, method: TwoFactorMethod) => void;
  initialEmail?: string;
};

type LoginCredentialsMarkupProps = {
  form: FormProps;
  field: (name: keyof LoginInitiateRequest) => FieldProps;
  busy: boolean;
  /** Above the fields, e.g. the offer to resend the verification email. */
  notice?: ReactNode;
};

/** The sign-in form's markup, the same before and after react-hook-form arrives. */
export function LoginCredentialsMarkup({ form, field, busy, notice }: LoginCredentialsMarkupProps) {
  return (
    <form {...form} noValidate className="space-y-5">
      {notice}
      <LoginIdField {...field('email')} />
      <div className="space-y-2">
        <PasswordField label="Password" autoComplete="current-password" placeholder="Password" {...field('password')} />
        <div className="text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClasses}>
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Please wait...' : 'Sign in'}
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
