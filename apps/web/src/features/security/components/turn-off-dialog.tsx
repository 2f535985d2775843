import { messages } from '@fipay/contracts/messages';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';

type Fields = { password: string; otp: string };

type TurnOffDialogProps = {
  title: string;
  description: ReactNode;
  codeLabel: string;
  /** Digits only (an emailed code) or any text (an authenticator code or a recovery code). */
  numericCode?: boolean;
  /** The message for a code that cannot be right, or null when it may be. */
  checkCode: (code: string) => string | null;
  submit: (fields: Fields) => Promise<{ message: string }>;
  successFallback: string;
  /** Below the code field, e.g. a resend button. */
  codeExtra?: ReactNode;
  onClose: () => void;
  onTurnedOff: () => void;
};

/** Turning a second factor off asks for the password and a code, so a borrowed session cannot do it. */
export function TurnOffDialog({
  title,
  description,
  codeLabel,
  numericCode,
  checkCode,
  submit,
  successFallback,
  codeExtra,
  onClose,
  onTurnedOff,
}: TurnOffDialogProps) {
  const [fields, setFields] = useState<Fields>({ password: '', otp: '' });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [isBusy, setIsBusy] = useState(false);
  const formId = useId();

  function update(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const otp = fields.otp.trim();
    const found: Partial<Fields> = {
      password: fields.password ? undefined : messages.fieldRequired,
      otp: otp ? (checkCode(otp) ?? undefined) : messages.fieldRequired,
    };
    if (found.password || found.otp) {
      setErrors(found);
      return;
    }
    setIsBusy(true);
    try {
      const response = await submit({ password: fields.password, otp });
      toast.success(response.message || successFallback);
      onTurnedOff();
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      if (error instanceof ApiError) {
        setErrors({ password: error.fieldErrors.password, otp: error.fieldErrors.otp });
      }
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={isBusy ? () => {} : onClose}
      title={title}
      description={description}
      body={
        <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={fields.password}
            error={errors.password}
            disabled={isBusy}
            onChange={(event) => update('password', event.target.value)}
          />
          <div className="space-y-2">
            <TextField
              label={codeLabel}
              name="otp"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              inputMode={numericCode ? 'numeric' : 'text'}
              maxLength={numericCode ? 6 : 32}
              value={fields.otp}
              error={errors.otp}
              disabled={isBusy}
              onChange={(event) => update('otp', numericCode ? event.target.value.replace(/\D/g, '') : event.target.value)}
            />
            {codeExtra}
          </div>
        </form>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isBusy}>
        {isBusy ? 'Turning off...' : 'Turn off'}
      </Button>
    </Dialog>
  );
}
