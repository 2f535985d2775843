import { idTypes, representativeRoles } from '@fipay/contracts/kyb-options';
import { SelectField, TextField } from '../../../components/ui/field';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import type { RepresentativeRecord } from '@fipay/contracts/company';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RepresentativeField } from './representative-form';

type RepresentativeCardProps = {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  /** The server's record of this representative, once saved. */
  saved: RepresentativeRecord | null;
  number: number;
  /** Each field's registration with the step's form. */
  fields: (field: RepresentativeField) => UseFormRegisterReturn;
  errors: Partial<Record<RepresentativeField, string>>;
  canRemove: boolean;
  removing: boolean;
  disabled: boolean;
  onRemove: () => void;
  /** While changes are requested: why the compliance team flagged this representative. */
  flagMessage?: string;
  /** While changes are requested: this representative was accepted and cannot change. */
  accepted?: boolean;
};

function ApprovalStatus({ saved }: { saved: RepresentativeRecord | null }) {
  if (!saved) return null;
  if (saved.isRepApproved) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700">
        <CheckCircleIcon className="h-3.5 w-3.5" />
        Approved by {saved.approvedBy ?? saved.fullName}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">
      Awaiting approval
    </span>
  );
}

export function RepresentativeCard({
  idPrefix,
  saved,
  number,
  fields,
  errors,
  canRemove,
  removing,
  disabled,
  onRemove,
  flagMessage,
  accepted = false,
}: RepresentativeCardProps) {
  const title = `Representative ${number}`;
  const fieldId = (field: RepresentativeField) => `${idPrefix}-${field}`;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" disabled={disabled || accepted}>
      <legend className="sr-only">{title}</legend>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="text-sm font-semibold text-slate-900" aria-hidden="true">
            {title}
          </h2>
          <ApprovalStatus saved={saved} />
          {accepted && (
            <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700">
              Accepted
            </span>
          )}
        </div>
        {canRemove && !accepted && (
          <button
            type="button"
            onClick={onRemove}
            disabled={removing}
            aria-label={`Remove ${title.toLowerCase()}`}
            className="-my-1 shrink-0 rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
          >
            {removing ? 'Removing...' : 'Remove'}
          </button>
        )}
      </div>
      {flagMessage && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Our compliance team asked for a correction. </span>
          {flagMessage}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={fieldId('position')}
          label="Role"
          {...fields('position')}
          error={errors.position}
        >
          <option value="">Select role</option>
          {representativeRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <TextField
          id={fieldId('fullName')}
          label="Full Name"
          autoComplete="off"
          {...fields('fullName')}
          error={errors.fullName}
        />
        <TextField
          id={fieldId('email')}
          label="Email Address"
          type="email"
          autoComplete="off"
          readOnly={saved !== null}
          {...fields('email')}
          error={errors.email}
          hint={saved ? 'To use another email, remove this representative and add them again.' : undefined}
          className={saved ? 'bg-slate-50! text-slate-600' : ''}
        />
        <TextField
          id={fieldId('phone')}
          label="Phone Number"
          type="tel"
          autoComplete="off"
          {...fields('phone')}
          error={errors.phone}
        />
        <SelectField
          id={fieldId('idType')}
          label="ID Type"
          {...fields('idType')}
          error={errors.idType}
        >
          <option value="">Select ID type</option>
          {idTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          id={fieldId('idNumber')}
          label="ID Number"
          autoComplete="off"
          placeholder={saved?.idNumber}
          {...fields('idNumber')}
          error={errors.idNumber}
          hint={saved ? 'Saved. Enter the full number again only if you change this representative.' : undefined}
        />
      </div>
    </fieldset>
  );
}
