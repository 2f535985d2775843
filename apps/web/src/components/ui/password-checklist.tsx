import { passwordRules, passwordStrength, type PasswordStrength } from '@fipay/contracts/password';
import CheckIcon from 'lucide-react/icons/check';
import CircleIcon from 'lucide-react/icons/circle';

const strengthStyles: Record<PasswordStrength, { bar: string; text: string; filled: number }> = {
  'Very Weak': { bar: 'bg-red-500', text: 'text-red-600', filled: 1 },
  Weak: { bar: 'bg-amber-500', text: 'text-amber-600', filled: 2 },
  Good: { bar: 'bg-brand-600', text: 'text-brand-700', filled: 3 },
  'Very Strong': { bar: 'bg-emerald-500', text: 'text-emerald-600', filled: 4 },
};

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const strength = passwordStrength(password);
  const style = strengthStyles[strength];
  return (
    <div id={id} className="space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="space-y-1.5">
        <div className="flex gap-1" aria-hidden="true">
          {[0, 1, 2, 3].map((segment) => (
            <span
              key={segment}
              className={`h-1.5 flex-1 rounded-full ${segment < style.filled ? style.bar : 'bg-slate-200'}`}
            />
          ))}
        </div>
        <p className="text-xs text-slate-600" aria-live="polite">
          Password strength: <span className={`font-semibold ${style.text}`}>{strength}</span>
        </p>
      </div>
      <ul className="grid gap-1.5 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              data-met={met}
              className={`flex items-center gap-1.5 ${met ? 'text-emerald-700' : 'text-slate-500'}`}
            >
              {met ? <CheckIcon className="h-4 w-4 shrink-0" /> : <CircleIcon className="h-4 w-4 shrink-0" />}
              {rule.label}
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
