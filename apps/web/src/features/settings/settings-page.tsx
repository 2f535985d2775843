import type { Account } from '@fipay/contracts/account';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import RefreshIcon from 'lucide-react/icons/refresh-cw';
import ShieldIcon from 'lucide-react/icons/shield';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { DetailsCard } from './components/details-card';
import { EmailPreferencesCard } from './components/email-preferences-card';
import { FipayTagCard } from './components/fipay-tag-card';
import { formatDate } from './components/format';
import { kybStatusView } from './components/kyb-status';
import { StatusBadge } from './components/status-badge';
import { useAccount } from './hooks/use-account';

const twoFactorLabels = { authenticator: 'On: authenticator app', email: 'On: email code' } as const;

function ExternalWebsite({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <>{url}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {url}
    </a>
  );
}

function AccountDetails({ account }: { account: Account }) {
  const { user, company, kyb, security } = account;
  const kybView = kybStatusView(kyb);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DetailsCard
        title="Your details"
        rows={[
          { label: 'Name', value: `${user.firstName} ${user.lastName}` },
          { label: 'Email', value: user.email },
          { label: 'Phone', value: user.phone },
          {
            label: 'Email verification',
            value: user.emailVerifiedAt ? (
              <span className="inline-flex items-center gap-1.5 text-emerald-700">
                <CheckCircleIcon className="h-4 w-4" />
                Verified on {formatDate(user.emailVerifiedAt)}
              </span>
            ) : (
              <StatusBadge tone="amber">Not verified</StatusBadge>
            ),
          },
        ]}
      />

      <DetailsCard
        title="Company"
        rows={[
          { label: 'Name', value: company.name },
          { label: 'Email', value: company.email },
          { label: 'Phone', value: company.phone },
          { label: 'Website', value: <ExternalWebsite url={company.website} /> },
          { label: 'Country', value: company.country.name },
          { label: 'Address', value: company.address },
          { label: 'Registration number', value: company.registrationNo },
        ]}
      />

      <FipayTagCard verified={kyb.status === 'APPROVED'} />

      <DetailsCard
        title="Business verification (KYC)"
        rows={[{ label: 'Status', value: <StatusBadge tone={kybView.tone}>{kybView.label}</StatusBadge> }]}
        footer={
          kybView.action && (
            <ButtonLink to={kybView.action.to} className="h-10 w-full sm:w-auto">
              {kybView.action.label}
            </ButtonLink>
          )
        }
      >
        <p className="px-5 pb-4 text-sm text-slate-600 sm:px-6">{kybView.text}</p>
      </DetailsCard>

      <DetailsCard
        title="Security"
        rows={[
          {
            label: 'Two-factor authentication',
            value: security.twoFactorMethod ? (
              <StatusBadge tone="green">{twoFactorLabels[security.twoFactorMethod]}</StatusBadge>
            ) : (
              <StatusBadge tone="slate">Off</StatusBadge>
            ),
          },
          {
            label: 'Password',
            value: security.passwordChangedAt
              ? `Last changed on ${formatDate(security.passwordChangedAt)}`
              : 'Not changed since the account was created',
          },
        ]}
        footer={
          <ButtonLink to={paths.security} variant="secondary" className="h-10 w-full sm:w-auto">
            <ShieldIcon className="h-4 w-4" />
            Manage security
          </ButtonLink>
        }
      />

      <EmailPreferencesCard />
    </div>
  );
}

/** 'Account Settings': the user's and company's details as the server holds them, the KYC status and security. */
export function SettingsPage() {
  const account = useAccount();

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Account Settings</h1>
        <p className="text-sm text-slate-600">Your details, your company and its FiPay tag, how your account is protected and the emails you get.</p>
      </div>

      {account.status === 'loading' && (
        <div role="status" className="flex items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white py-16">
          <Spinner className="h-6 w-6" />
          <span className="text-sm text-slate-600">Loading your account...</span>
        </div>
      )}

      {account.status === 'error' && (
        <Alert tone="error">
          <p>{account.message}</p>
          <Button variant="secondary" onClick={account.retry} className="h-9 px-3">
            <RefreshIcon className="h-4 w-4" />
            Try again
          </Button>
        </Alert>
      )}

      {account.status === 'ready' && <AccountDetails account={account.account} />}
    </div>
  );
}
