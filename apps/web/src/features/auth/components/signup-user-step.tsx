import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import type { StepFields, UserForm } from './signup-form-types';

type SignupUserStepProps = {
  field: StepFields<UserForm>;
  /** The password as typed, for the live checklist. */
  password: string;
};

export function SignupUserStep({ field, password }: SignupUserStepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="given-name" placeholder="Ada" {...field('firstName')} />
      <TextField label="Last Name" autoComplete="family-name" placeholder="Okafor" {...field('lastName')} />
      <TextField label="Email" type="email" autoComplete="email" placeholder="ada@company.com" {...field('email')} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" placeholder="+234 801 234 5678" {...field('phone')} />
      <div className="space-y-3 sm:col-span-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder="Create a password"
          aria-describedby="signup-password-checklist"
          {...field('password')}
        />
        <PasswordChecklist id="signup-password-checklist" password={password} />
      </div>
    </div>
  );
}
