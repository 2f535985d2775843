import type { ReactNode } from 'react';
import AlertCircleIcon from 'lucide-react/icons/circle-alert';
import CheckCircleIcon from 'lucide-react/icons/circle-check';

type Tone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

type AlertProps = { tone?: Tone; children: ReactNode; className?: string };

/** An inline banner. Errors and warnings interrupt screen readers; the others are announced politely. */
export function Alert({ tone = 'info', children, className = '' }: AlertProps) {
  const assertive = tone === 'error' || tone === 'warning';
  return (
    <div
      role={assertive ? 'alert' : 'status'}
      className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      {tone === 'success' ? (
        <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
      ) : (
        <AlertCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
      )}
      <div className="min-w-0 flex-1 space-y-2">{children}</div>
    </div>
  );
}
