import { useState } from 'react';
import { Logo } from '../../components/brand/logo';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useLogout } from '../../lib/use-logout';
import { useAuthStore } from '../../stores/auth-store';
import { KycBanner } from './components/kyc-banner';
import { useCompany } from './hooks/use-company';

export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const { company, isLoading } = useCompany();
  const logout = useLogout();
  const [isLeaving, setIsLeaving] = useState(false);

  async function handleLogout() {
    setIsLeaving(true);
    await logout();
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo to={paths.dashboard} />
          <Button variant="secondary" onClick={handleLogout} disabled={isLeaving} className="h-10 px-4">
            Log Out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {user?.firstName}</h1>
          {company && <p className="text-sm text-slate-600">{company.name}</p>}
        </div>
        {(company || !isLoading) && <KycBanner application={company?.application ?? null} />}
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-600">Your dashboard is being set up. Check back soon.</p>
        </section>
      </main>
    </div>
  );
}
