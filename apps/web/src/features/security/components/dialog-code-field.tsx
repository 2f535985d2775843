import { OtpInput } from '../../../components/ui/otp-input';

type DialogCodeFieldProps = {
  /** Bumped after each refused code: the boxes start empty again and take focus. */
  attempt: number;
  onChange: (code: string) => void;
  disabled: boolean;
  error: string | null;
};

/** The 6-box code entry of the Security page's dialogs, with the server's refusal below it. */
export function DialogCodeField({ attempt, onChange, disabled, error }: DialogCodeFieldProps) {
  return (
    <>
      <div data-autofocus>
        <OtpInput
          key={attempt}
          onChange={onChange}
          disabled={disabled}
          invalid={error !== null}
          // After a refused code the fresh boxes take focus; on opening, the dialog gives it.
          autoFocus={attempt > 0}
        />
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </>
  );
}
