import { TextField } from '../../../components/ui/field';

type LoginIdFieldProps = { value: string; onChange: (value: string) => void };

/** The email-or-phone field shared by sign-in and password recovery. */
export function LoginIdField({ value, onChange }: LoginIdFieldProps) {
  return (
    <TextField
      label="Email or phone number"
      name="email"
      type="text"
      inputMode="email"
      autoComplete="username"
      placeholder="Email / Phone Number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
