import { changePasswordRequest, type ChangePasswordRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';

type Fields = { currentPassword: string; newPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const empty: Fields = { currentPassword: '', newPassword: '' };

/** The checks the browser can make: the same schema the server applies, and a new password that differs. */
function validate(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = changePasswordRequest.safeParse(fields satisfies ChangePasswordRequest);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Fields;
      errors[field] ??= issue.message;
    }
  }
  if (!errors.newPassword && fields.newPassword && fields.newPassword === fields.currentPassword) {
    errors.newPassword = messages.passwordUnchanged;
  }
  return errors;
}

export function ChangePasswordForm() {
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isBusy, setIsBusy] = useState(false);
  // A new key after success gives fresh fields, their show/hide toggles back to hidden.
  const [formKey, setFormKey] = useState(0);

  function update(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const found = validate(fields);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setIsBusy(true);
    try {
      await changePassword(fields);
      toast.success(messages.passwordChanged);
      setFields(empty);
      setErrors({});
      setFormKey((n) => n + 1);
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      if (error instanceof ApiError) {
        const { currentPassword, newPassword } = error.fieldErrors;
        setErrors({ currentPassword, newPassword });
      }
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section aria-labelledby="change-password-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change Password
        </h2>
        <p className="text-sm text-slate-600">Changing it signs you out on every other device.</p>
      </div>
      <form key={formKey} onSubmit={handleSubmit} noValidate className="mt-6 max-w-md space-y-5">
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          placeholder="Enter your current password"
          value={fields.currentPassword}
          error={errors.currentPassword}
          disabled={isBusy}
          onChange={(event) => update('currentPassword', event.target.value)}
        />
        <div className="space-y-3">
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            placeholder="Enter a new password"
            value={fields.newPassword}
            error={errors.newPassword}
            disabled={isBusy}
            aria-describedby="change-password-checklist"
            onChange={(event) => update('newPassword', event.target.value)}
          />
          <PasswordChecklist id="change-password-checklist" password={fields.newPassword} />
        </div>
        <Button type="submit" disabled={isBusy} className="w-full sm:w-auto">
          {isBusy ? 'Please wait...' : 'Update Password'}
        </Button>
      </form>
    </section>
  );
}
