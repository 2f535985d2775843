import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import type { BusinessProfileRequest } from '@fipay/contracts/kyb';
import { profileCurrencies } from '@fipay/contracts/kyb-options';
import { useId } from 'react';
import { useController, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { inputClasses } from '../../../components/ui/field';
import { formatIncome, incomeDigits, type ProfileForm } from './profile-form';

type IncomeFieldProps = {
  control: Control<ProfileForm, unknown, BusinessProfileRequest>;
  currency: UseFormRegisterReturn<'currency'>;
  currencyError?: string;
  amountError?: string;
  onAmountChange: () => void;
};

/** Expected monthly income: a currency choice joined to an amount shown with thousands separators. */
export function IncomeField({ control, currency, currencyError, amountError, onAmountChange }: IncomeFieldProps) {
  const id = useId();
  // The form keeps the digits; the input shows them grouped.
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ control, name: 'monthlyIncome' });
  const errors = [currencyError && `${id}-currency-error`, amountError && `${id}-amount-error`].filter(Boolean);
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-700">
        Expected monthly income
      </label>
      <div className="flex">
        <div className="relative w-24 shrink-0">
          <select
            aria-label="Currency"
            {...currency}
            aria-invalid={currencyError ? true : undefined}
            aria-describedby={currencyError ? `${id}-currency-error` : undefined}
            className={`${inputClasses} ${currencyError ? 'border-red-500' : 'border-slate-300'} appearance-none rounded-r-none bg-slate-50 pr-8 font-medium`}
          >
            {profileCurrencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        </div>
        <input
          id={`${id}-amount`}
          ref={ref}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={formatIncome(value)}
          onChange={(event) => {
            onChange(incomeDigits(event.target.value));
            onAmountChange();
          }}
          onBlur={onBlur}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={errors.length > 0 ? errors.join(' ') : undefined}
          className={`${inputClasses} ${amountError ? 'border-red-500' : 'border-slate-300'} -ml-px rounded-l-none`}
        />
      </div>
      {currencyError && (
        <p id={`${id}-currency-error`} className="text-xs font-medium text-red-600">
          {currencyError}
        </p>
      )}
      {amountError && (
        <p id={`${id}-amount-error`} className="text-xs font-medium text-red-600">
          {amountError}
        </p>
      )}
    </div>
  );
}
