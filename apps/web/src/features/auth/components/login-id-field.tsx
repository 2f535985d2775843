import { TextField } from '../../../components/ui/field';
import type { FieldProps } from '../../../lib/deferred-form';

/** The email-or-phone field shared by sign-in and password recovery. */
export function LoginIdField(props: FieldProps) {
  return (
    <TextField
      label="Email or phone number"
      type="text"
      inputMode="email"
      autoComplete="username"
      placeholder="Email / Phone Number"
      {...props}
    />
  );
}
