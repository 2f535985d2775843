import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequest, type ChangePasswordRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors, shownUnderField } from '../../../lib/server-errors';
import { changePassword } from '../api/change-password';

type Fields = { currentPassword: string; newPassword: string };

const empty: Fields = { currentPassword: '', newPassword: '' };

/** The checks the browser can make: the same schema the server applies, and a new password that differs. */
const formSchema = changePasswordRequest.refine((fields) => fields.newPassword !== fields.currentPassword, {
  path: ['newPassword'],
  message: messages.passwordUnchanged,
});

export function ChangePasswordForm() {
  const { register, handleSubmit, control, reset, setError, clearErrors, formState } = useForm<Fields, unknown, ChangePasswordRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: isBusy } = formState;
  const newPassword = useWatch({ control, name: 'newPassword' });
  // A new key after success gives fresh fields, their show/hide toggles back to hidden.
  const [formKey, setFormKey] = useState(0);

  async function submit(fields: ChangePasswordRequest) {
    try {
      await changePassword(fields);
      toast.success(messages.passwordChanged);
      reset(empty);
      setFormKey((n) => n + 1);
    } catch (error) {
      const message = errorMessage(error, messages.genericError);
      applyServerErrors(setError, error, ['currentPassword', 'newPassword'], { focus: true });
      // A message a field already shows (a wrong or too common password) is said once, there.
      if (!shownUnderField(error, message, ['currentPassword', 'newPassword'])) toast.error(message);
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
      <form key={formKey} onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="mt-6 max-w-md space-y-5">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          placeholder="Enter your current password"
          error={errors.currentPassword?.message}
          readOnly={isBusy}
          {...register('currentPassword', { onChange: () => clearErrors('currentPassword') })}
        />
        <div className="space-y-3">
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            placeholder="Enter a new password"
            error={errors.newPassword?.message}
            readOnly={isBusy}
            aria-describedby="change-password-checklist"
            {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
          />
          <PasswordChecklist id="change-password-checklist" password={newPassword} />
        </div>
        <Button type="submit" disabled={isBusy} className="w-full sm:w-auto">
          {isBusy ? 'Please wait...' : 'Update Password'}
        </Button>
      </form>
    </section>
  );
}
