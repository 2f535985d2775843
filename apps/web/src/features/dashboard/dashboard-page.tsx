import { useAuthStore } from '../../stores/auth-store';
import { BalanceCard } from './components/balance-card';
import { KycBanner } from './components/kyc-banner';
import { QuickLinks } from './components/quick-links';
import { TransactionOverview } from './components/transaction-overview';
import { useCompany } from './hooks/use-company';

/** The dashboard home (SPEC.md section 2), inside the shell. */
export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const { company, isLoading } = useCompany();

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {user?.firstName}</h1>
        {company && <p className="text-sm text-slate-600">{company.name}</p>}
      </div>
      {(company || !isLoading) && <KycBanner application={company?.application ?? null} />}
      <QuickLinks />
      <div className="grid gap-6 lg:grid-cols-5 lg:items-start">
        <div className="lg:col-span-2">
          <BalanceCard />
        </div>
        <div className="lg:col-span-3">
          <TransactionOverview />
        </div>
      </div>
    </div>
  );
}
