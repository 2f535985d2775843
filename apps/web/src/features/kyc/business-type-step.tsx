import { zodResolver } from '@hookform/resolvers/zod';
import { businessTypeRequest, type BusinessTypeRequest } from '@fipay/contracts/kyb';
import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { useSaveBusinessType } from './api/save-business-type';
import { useSavedApplication } from './api/saved-application';
import { subTypeOptions, typeOptions } from './business-type-options';
import { useKycNavigation } from './kyc-navigation';

type OptionCardProps = InputHTMLAttributes<HTMLInputElement> & {
  checked: boolean;
  children: ReactNode;
  compact?: boolean;
};

function OptionCard({ checked, children, compact, ...radio }: OptionCardProps) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border bg-white transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600/40 ${
        compact ? 'px-4 py-3' : 'p-4'
      } ${checked ? '' : 'border-slate-300'}`}
    >
      <input type="radio" className="h-4 w-4 shrink-0 accent-brand-700 focus:outline-none" {...radio} />
      <span className="text-sm font-medium text-slate-900">{children}</span>
    </label>
  );
}

type Fields = { businessType: BusinessType | null; subType: BusinessSubType | null; userId: string; companyId: string };

/** The contract's schema, given no sub-type for a type that has none (a sub-choice made before switching type stays on screen). */
const formSchema = z.preprocess(
  (fields: Fields) => ({ ...fields, subType: fields.businessType === 'Registered Business' ? fields.subType : null }),
  businessTypeRequest,
);

/** Step 1: the business type decides which profile fields step 2 asks for. */
export function BusinessTypeStep() {
  const draft = useKycStore((state) => state.businessType);
  const saved = useSavedApplication()?.businessType;
  const user = useAuthStore((state) => state.user);
  const { goNext } = useKycNavigation();
  const save = useSaveBusinessType();
  const start = draft ?? saved;
  const { register, control, handleSubmit, setError, formState } = useForm<Fields, unknown, BusinessTypeRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      businessType: start?.businessType ?? null,
      subType: start?.subType ?? null,
      userId: user?.id ?? '',
      companyId: user?.companyId ?? '',
    },
  });
  const { errors, isSubmitting: isBusy } = formState;
  const [type, subType] = useWatch({ control, name: ['businessType', 'subType'] });
  const headingId = useId();
  const isRegistered = type === 'Registered Business';
  const chosen = type !== null && (!isRegistered || subType !== null);
  const error = errors.businessType?.message ?? errors.subType?.message;

  async function submit(selection: BusinessTypeRequest) {
    try {
      await save.mutateAsync(selection);
      goNext();
    } catch (failure) {
      // SPEC.md section 8: a failed save is logged and the user stays on the step. A refusal also
      // says why (the application was submitted meanwhile, say): a silent Continue explains nothing.
      console.error('Saving the business type failed', failure);
      const placed = applyServerErrors(setError, failure, ['businessType', 'subType']);
      if (!placed && failure instanceof ApiError && failure.status < 500 && failure.message) toast.error(failure.message);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-6" aria-busy={isBusy}>
      <h1 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Which best describes your business?
      </h1>
      <div
        role="radiogroup"
        aria-labelledby={headingId}
        aria-describedby={error ? `${headingId}-error` : undefined}
        className="space-y-3"
      >
        {typeOptions.map((option) => (
          <div key={option.value} className="space-y-3">
            <OptionCard value={option.value} checked={type === option.value} {...register('businessType')}>
              {option.label}
            </OptionCard>
            {option.value === 'Registered Business' && isRegistered && (
              <fieldset className="space-y-2 pl-6">
                <legend className="sr-only">Registered Business category</legend>
                {subTypeOptions.map((sub) => (
                  <OptionCard key={sub.value} value={sub.value} compact checked={subType === sub.value} {...register('subType')}>
                    {sub.label}
                  </OptionCard>
                ))}
              </fieldset>
            )}
          </div>
        ))}
      </div>
      {error && (
        <p id={`${headingId}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={!chosen || isBusy} className="w-full sm:w-auto sm:min-w-40">
          Continue
        </Button>
      </div>
    </form>
  );
}
