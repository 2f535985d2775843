import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

export const inputClasses =
  'block h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:border-brand-600 disabled:bg-slate-50 disabled:text-slate-500';

function borderClasses(error?: string) {
  return error ? 'border-red-500' : 'border-slate-300';
}

type FieldShellProps = {
  id: string;
  label: string;
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
};

function FieldShell({ id, label, hideLabel, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode, extra?: string) {
  const ids = [error ? `${id}-error` : hint ? `${id}-hint` : undefined, extra].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the input's box, on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
};

export function TextField({
  label,
  hideLabel,
  error,
  hint,
  trailing,
  id,
  className = '',
  'aria-describedby': extraDescription,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldShell id={inputId} label={label} hideLabel={hideLabel} error={error} hint={hint}>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint, extraDescription)}
          className={`${inputClasses} ${borderClasses(error)} ${trailing ? 'pr-12' : ''} ${className}`}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
};

export function SelectField({ label, hideLabel, error, hint, id, className = '', children, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldShell id={selectId} label={label} hideLabel={hideLabel} error={error} hint={hint}>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={`${inputClasses} ${borderClasses(error)} appearance-none pr-10 ${className}`}
          {...props}
        >
          {children}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 h-5 w-5 -translate-y-1/2 text-slate-500" />
      </div>
    </FieldShell>
  );
}
