import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { saveBusinessType } from './api/save-business-type';
import { useKycNavigation } from './kyc-navigation';

const typeOptions: { value: BusinessType; label: string }[] = [
  { value: 'Individual', label: 'Individual' },
  { value: 'NGO', label: 'Non-Governmental Organisation (NGO)' },
  { value: 'Registered Business', label: 'Registered Business' },
];

const subTypeOptions: { value: BusinessSubType; label: string }[] = [
  { value: 'SME', label: 'Registered SME' },
  { value: 'Non-SME', label: 'Registered Non-SME' },
];

type OptionCardProps = {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
  compact?: boolean;
};

function OptionCard({ name, checked, onSelect, children, compact }: OptionCardProps) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border bg-white transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600/40 ${
        compact ? 'px-4 py-3' : 'p-4'
      } ${checked ? '' : 'border-slate-300'}`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="h-4 w-4 shrink-0 accent-brand-700 focus:outline-none"
      />
      <span className="text-sm font-medium text-slate-900">{children}</span>
    </label>
  );
}

/** Step 1: the business type decides which profile fields step 2 asks for. */
export function BusinessTypeStep() {
  const stored = useKycStore((state) => state.businessType);
  const setBusinessType = useKycStore((state) => state.setBusinessType);
  const user = useAuthStore((state) => state.user);
  const { goNext } = useKycNavigation();
  const [type, setType] = useState<BusinessType | null>(stored?.businessType ?? null);
  const [subType, setSubType] = useState<BusinessSubType | null>(stored?.subType ?? null);
  const [isBusy, setIsBusy] = useState(false);
  const headingId = useId();
  const isRegistered = type === 'Registered Business';
  const chosen = type !== null && (!isRegistered || subType !== null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || isBusy || !user) return;
    const selection = { businessType: type, subType: isRegistered ? subType : null };
    setIsBusy(true);
    try {
      await saveBusinessType({ ...selection, userId: user.id, companyId: user.companyId });
      setBusinessType(selection);
      goNext();
    } catch (error) {
      // SPEC.md section 8: a failed save is only logged and the user stays on the step.
      console.error('Saving the business type failed', error);
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-busy={isBusy}>
      <h1 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Which best describes your business?
      </h1>
      <div role="radiogroup" aria-labelledby={headingId} className="space-y-3">
        {typeOptions.map((option) => (
          <div key={option.value} className="space-y-3">
            <OptionCard name="businessType" checked={type === option.value} onSelect={() => setType(option.value)}>
              {option.label}
            </OptionCard>
            {option.value === 'Registered Business' && isRegistered && (
              <fieldset className="space-y-2 pl-6">
                <legend className="sr-only">Registered Business category</legend>
                {subTypeOptions.map((sub) => (
                  <OptionCard
                    key={sub.value}
                    name="subType"
                    compact
                    checked={subType === sub.value}
                    onSelect={() => setSubType(sub.value)}
                  >
                    {sub.label}
                  </OptionCard>
                ))}
              </fieldset>
            )}
          </div>
        ))}
      </div>
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={!chosen || isBusy} className="w-full sm:w-auto sm:min-w-40">
          Continue
        </Button>
      </div>
    </form>
  );
}
