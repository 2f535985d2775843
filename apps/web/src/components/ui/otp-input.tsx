import { OTP_LENGTH } from '@fipay/contracts/limits';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';

type OtpInputProps = {
  /** Called with the digits typed so far, in box order; complete when it has OTP_LENGTH digits. */
  onChange: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
};

const isDigits = (text: string) => /^\d+$/.test(text);

export function OtpInput({ onChange, disabled, autoFocus, invalid }: OtpInputProps) {
  const [digits, setDigits] = useState<string[]>(() => Array<string>(OTP_LENGTH).fill(''));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  function update(next: string[]) {
    setDigits(next);
    onChange(next.join(''));
  }

  function focusBox(index: number) {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  function fillFrom(index: number, text: string) {
    const next = [...digits];
    const chars = text.slice(0, OTP_LENGTH - index).split('');
    chars.forEach((char, offset) => {
      next[index + offset] = char;
    });
    update(next);
    focusBox(index + chars.length);
  }

  function handleChange(index: number, raw: string) {
    if (raw === '') {
      const next = [...digits];
      next[index] = '';
      update(next);
      return;
    }
    const typed = raw.replace(/\s/g, '');
    if (!isDigits(typed)) return;
    // A whole code arriving in one box comes from browser one-time-code autofill.
    if (typed.length >= OTP_LENGTH) {
      fillFrom(index, typed);
      return;
    }
    const next = [...digits];
    // The caret may sit before or after the digit already in the box; keep the new one.
    next[index] = typed.length === 2 && typed[1] === digits[index] ? typed.charAt(0) : typed.slice(-1);
    update(next);
    if (index < OTP_LENGTH - 1) focusBox(index + 1);
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain').trim();
    if (!text || !isDigits(text)) return;
    fillFrom(index, text);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      next[index] = '';
      update(next);
      if (index > 0) focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  return (
    <div className="flex justify-between gap-2 sm:gap-3" role="group" aria-label="One-time code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid ? true : undefined}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          value={digit}
          onChange={(event) => handleChange(index, event.target.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          className={`h-12 w-full max-w-12 min-w-0 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 transition-colors focus:outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 disabled:bg-slate-50 sm:h-14 sm:max-w-14 ${
            invalid ? 'border-red-500' : digit ? 'border-brand-600' : 'border-slate-300'
          }`}
        />
      ))}
    </div>
  );
}
