import { useId, type TextareaHTMLAttributes } from 'react';
import { inputClasses } from '../../../components/ui/field';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

export function TextAreaField({ label, error, id, className = '', ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'} h-auto min-h-24 py-2.5 ${className}`}
        {...props}
      />
      {error && (
        <p id={`${fieldId}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
