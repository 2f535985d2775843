import { useId, type ReactNode, type Ref } from 'react';
import { Button } from '../../../components/ui/button';

type TwoFactorOptionProps = {
  icon: ReactNode;
  title: string;
  description: string;
  active: boolean;
  /** Why this method cannot be turned on now, or null. */
  blockedReason: string | null;
  /** The settings are still loading: no action yet. */
  unavailable: boolean;
  busy: boolean;
  onActivate: () => void;
  onTurnOff: () => void;
  buttonRef: Ref<HTMLButtonElement>;
};

export function TwoFactorOption({
  icon,
  title,
  description,
  active,
  blockedReason,
  unavailable,
  busy,
  onActivate,
  onTurnOff,
  buttonRef,
}: TwoFactorOptionProps) {
  const noteId = useId();
  return (
    <li className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{title}</h3>
            {active && (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                Active
              </span>
            )}
          </div>
          <p className="text-sm text-slate-600">{description}</p>
          {blockedReason && (
            <p id={noteId} className="text-xs font-medium text-amber-700">
              {blockedReason}
            </p>
          )}
        </div>
      </div>
      {active ? (
        <Button ref={buttonRef} variant="secondary" onClick={onTurnOff} disabled={busy} className="w-full shrink-0 sm:w-auto">
          {busy ? 'Please wait...' : 'Turn off'}
        </Button>
      ) : (
        <Button
          ref={buttonRef}
          onClick={onActivate}
          disabled={busy || unavailable || blockedReason !== null}
          aria-describedby={blockedReason ? noteId : undefined}
          className="w-full shrink-0 sm:w-auto"
        >
          {busy ? 'Please wait...' : 'Activate now'}
        </Button>
      )}
    </li>
  );
}
