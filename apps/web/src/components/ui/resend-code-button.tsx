import { useEffect, useState } from 'react';
import { textLinkClasses } from './button';

type ResendCodeButtonProps = {
  /** Sends a new code; resolves with the seconds to wait before the next one, rejects when nothing was sent. */
  onResend: () => Promise<number>;
  /** Seconds to wait before the first resend (a code was just sent). */
  initialSeconds?: number;
  disabled?: boolean;
};

/** 'Resend code', unavailable while the server's resend gap runs, with the seconds left on the button. */
export function ResendCodeButton({ onResend, initialSeconds = 0, disabled }: ResendCodeButtonProps) {
  const [now, setNow] = useState(() => Date.now());
  const [endsAt, setEndsAt] = useState(() => now + initialSeconds * 1000);
  const [isSending, setIsSending] = useState(false);
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  async function handleClick() {
    setIsSending(true);
    try {
      const wait = await onResend();
      const sentAt = Date.now();
      setNow(sentAt);
      setEndsAt(sentAt + wait * 1000);
    } catch {
      // The caller has told the user why; the button is ready for another try.
    } finally {
      setIsSending(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={disabled || isSending || waiting}
      className={`${textLinkClasses} text-sm disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline`}
    >
      {isSending ? 'Sending...' : waiting ? `Resend code in ${secondsLeft}s` : 'Resend code'}
    </button>
  );
}
