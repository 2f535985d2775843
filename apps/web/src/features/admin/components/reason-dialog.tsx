import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';

type ReasonDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The reason field's label (who will read it). */
  label: string;
  confirm: string;
  busyText: string;
  busy: boolean;
  /** The server's refusal, shown above the field. */
  error: string | null;
  max: number;
  requiredMessage: string;
  onConfirm: (reason: string) => void;
};

/** A confirmation that asks for a reason first (freezing, unfreezing, rejecting): nothing is sent without one. */
export function ReasonDialog({ open, onClose, title, description, label, confirm, busyText, busy, error, max, requiredMessage, onConfirm }: ReasonDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="lg"
      body={<ReasonForm label={label} error={error} max={max} requiredMessage={requiredMessage} onConfirm={onConfirm} />}
    >
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form="reason-dialog-form" disabled={busy}>
        {busy ? busyText : confirm}
      </Button>
    </Dialog>
  );
}

/** The reason's field: made afresh each time the dialog opens (the dialog's content is unmounted while closed). */
function ReasonForm({ label, error, max, requiredMessage, onConfirm }: Pick<ReasonDialogProps, 'label' | 'error' | 'max' | 'requiredMessage' | 'onConfirm'>) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  return (
    <form
      id="reason-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = reason.trim();
        if (trimmed) onConfirm(trimmed);
        else setMissing(true);
      }}
      className="space-y-3"
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div className="space-y-1.5">
        <label htmlFor="reason-dialog-reason" className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          id="reason-dialog-reason"
          rows={3}
          maxLength={max}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (missing) setMissing(false);
          }}
          aria-invalid={missing}
          aria-describedby={missing ? 'reason-dialog-error' : undefined}
          data-autofocus
          className={`${inputClasses} h-auto py-2 ${missing ? 'border-red-500' : 'border-slate-300'}`}
        />
        {missing && (
          <p id="reason-dialog-error" className="text-xs font-medium text-red-600">
            {requiredMessage}
          </p>
        )}
      </div>
    </form>
  );
}
