import { useContext, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { TextField } from './field';
import { ShownPasswordFields } from './shown-password-fields';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
};

export function PasswordField(props: PasswordFieldProps) {
  const shown = useContext(ShownPasswordFields);
  const [visible, setVisible] = useState(() => props.name !== undefined && shown.includes(props.name));
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          // How a stand-in's snapshot finds the toggle: whether it is on, and whether it had focus.
          data-reveals={props.name}
          className="rounded-md p-2 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
        </button>
      }
    />
  );
}
