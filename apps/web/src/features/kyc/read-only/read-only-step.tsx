import type { Application } from '@fipay/contracts/company';
import { profileFieldsFor } from '@fipay/contracts/kyb';
import { documentSlots, kybSteps } from '@fipay/contracts/kyb-options';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { subTypeOptions, typeOptions } from '../business-type-options';
import type { ApplicationLock } from './application-lock';

type Row = { label: string; value: ReactNode };

const none = <span className="text-slate-500">Not given</span>;

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
      {rows.map(({ label, value }) => (
        <div key={label} className="gap-4 py-3 sm:grid sm:grid-cols-[11rem_minmax(0,1fr)]">
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 sm:mt-0">{value === '' || value === null ? none : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const income = new Intl.NumberFormat('en-NG');
// Dates of birth travel as UTC midnight (profile-form.ts): shown in UTC so no time zone moves them a day.
const birthDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'UTC' });

function BusinessType({ application }: { application: Application }) {
  const saved = application.businessType;
  const rows: Row[] = [{ label: 'Business type', value: typeOptions.find((o) => o.value === saved?.businessType)?.label ?? '' }];
  if (saved?.businessType === 'Registered Business') {
    rows.push({ label: 'Category', value: subTypeOptions.find((o) => o.value === saved.subType)?.label ?? '' });
  }
  return <Rows rows={rows} />;
}

function BusinessProfile({ application }: { application: Application }) {
  const profile = application.businessProfile;
  if (!profile) return <Rows rows={[{ label: 'Business profile', value: '' }]} />;
  const needs = profileFieldsFor(application.businessType?.businessType, application.businessType?.subType);
  const rows: Row[] = [
    { label: 'Business description', value: <span className="whitespace-pre-line">{profile.description}</span> },
    { label: 'Industry', value: profile.industry },
  ];
  if (needs.dateOfBirth) rows.push({ label: 'Date of birth', value: profile.dateOfBirth ? birthDate.format(profile.dateOfBirth) : '' });
  if (needs.incorporatedTrusteeCategory) rows.push({ label: 'Incorporated trustee category', value: profile.incorporatedTrusteeCategory });
  if (needs.smeCategory) rows.push({ label: 'SME category', value: profile.smeCategory });
  if (needs.sourceOfFund) rows.push({ label: 'Source of fund', value: profile.sourceOfFund });
  rows.push(
    needs.monthlyIncome
      ? { label: 'Expected monthly income', value: profile.monthlyIncome ? `${profile.currency} ${income.format(profile.monthlyIncome)}` : '' }
      : { label: 'Currency', value: profile.currency },
    { label: 'Website', value: profile.website },
    { label: 'Country', value: profile.country },
    { label: 'State', value: profile.state },
    { label: 'LGA', value: profile.lga },
    { label: 'Business address', value: profile.address },
    { label: 'Landmark', value: profile.landmark },
  );
  return <Rows rows={rows} />;
}

function Documents({ application }: { application: Application }) {
  const rows = documentSlots.flatMap((slot): Row[] => {
    const document = application.documents.find((d) => d.docKey === slot.docKey);
    const file: Row = { label: slot.label, value: document ? document.name : slot.required ? '' : <span className="text-slate-500">None (optional)</span> };
    return slot.isCAC ? [file, { label: 'CAC registration number', value: document?.cacRegNumber ?? '' }] : [file];
  });
  return <Rows rows={rows} />;
}

function Representatives({ application }: { application: Application }) {
  if (application.representatives.length === 0) return <Rows rows={[{ label: 'Representatives', value: '' }]} />;
  return (
    <ul className="space-y-4">
      {application.representatives.map((rep) => (
        <li key={rep.id} className="space-y-2">
          <h2 className="text-base font-semibold text-slate-900">
            {rep.fullName} <span className="font-normal text-slate-600">· {rep.position}</span>
          </h2>
          <Rows
            rows={[
              { label: 'Email Address', value: rep.email },
              { label: 'Phone Number', value: rep.phone },
              { label: 'ID Type', value: rep.idType },
              { label: 'ID Number', value: <span className="font-mono">{rep.idNumber}</span> },
              { label: 'Role confirmed', value: rep.isRepApproved ? `Yes, by ${rep.approvedBy ?? rep.fullName}` : 'Not yet' },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

function BankDetails({ application }: { application: Application }) {
  const bank = application.bankDetails;
  if (!bank) return <Rows rows={[{ label: 'Bank details', value: '' }]} />;
  return (
    <Rows
      rows={[
        { label: 'Currency', value: bank.currency },
        { label: 'Bank', value: bank.bankName },
        { label: 'Account Number', value: <span className="font-mono">{bank.accountNumber}</span> },
        { label: 'Account Name', value: bank.accountName },
        { label: 'BVN', value: <span className="font-mono">{bank.bvn}</span> },
      ]}
    />
  );
}

const sections = [BusinessType, BusinessProfile, Documents, Representatives, BankDetails];

const stepLinkClasses =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * A step of an application the server no longer lets the company change: what was saved, as
 * text, with no field to edit and nothing to send, and the way to the other steps (the layout's
 * header leads back to the dashboard).
 */
export function ReadOnlyStep({ application, lock, step }: { application: Application; lock: ApplicationLock; step: number }) {
  const index = kybSteps.findIndex((s) => s.step === step);
  const current = kybSteps[index] ?? kybSteps[0];
  const previous = index > 0 ? kybSteps[index - 1] : undefined;
  const next = kybSteps[index + 1];
  const Section = sections[index] ?? BusinessType;
  return (
    <div className="space-y-6">
      <Alert tone={lock.tone}>
        <p className="font-semibold">{lock.title}</p>
        <p>{lock.text}</p>
      </Alert>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{current.title}</h1>
      <Section application={application} />
      <nav aria-label="Application steps" className="flex flex-wrap items-center justify-between gap-4 pt-2">
        {previous ? (
          <Link to={previous.path} className={stepLinkClasses}>
            <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" />
            {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to={next.path} className={stepLinkClasses}>
            {next.title}
            <ArrowRightIcon aria-hidden="true" className="h-4 w-4" />
          </Link>
        )}
      </nav>
    </div>
  );
}
