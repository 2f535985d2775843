import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import type { UserForm } from './signup-form-types';

type SignupUserStepProps = {
  values: UserForm;
  errors: Partial<Record<keyof UserForm, string>>;
  onChange: (field: keyof UserForm, value: string) => void;
};

export function SignupUserStep({ values, errors, onChange }: SignupUserStepProps) {
  const bind = (field: keyof UserForm) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="given-name" placeholder="Ada" {...bind('firstName')} />
      <TextField label="Last Name" autoComplete="family-name" placeholder="Okafor" {...bind('lastName')} />
      <TextField label="Email" type="email" autoComplete="email" placeholder="ada@company.com" {...bind('email')} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" placeholder="+234 801 234 5678" {...bind('phone')} />
      <div className="space-y-3 sm:col-span-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder="Create a password"
          aria-describedby="signup-password-checklist"
          {...bind('password')}
        />
        <PasswordChecklist id="signup-password-checklist" password={values.password} />
      </div>
    </div>
  );
}
