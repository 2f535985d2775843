import { ChangePasswordForm } from './components/change-password-form';
import { TwoFactorSection } from './components/two-factor-section';

/** Security settings (SPEC.md section 2), with buttons that really act (DESIGN.md). */
export function SecurityPage() {
  return (
    <div className="w-full max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Security</h1>
        <p className="text-sm text-slate-600">Protect your account with two-factor authentication and a strong password.</p>
      </div>
      <TwoFactorSection />
      <ChangePasswordForm />
    </div>
  );
}
