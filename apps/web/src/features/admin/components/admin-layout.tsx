import { useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import LogOutIcon from 'lucide-react/icons/log-out';
import { paths } from '../../../config/paths';
import { adminApi } from '../api/admin-api';
import { isFullSession, useAdminSession } from '../admin-session';

const navClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** The back office's frame: only a reviewer with a full session gets past it. */
export function AdminLayout() {
  const session = useAdminSession((state) => state.session);
  const reviewer = useAdminSession((state) => state.reviewer);
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!isFullSession(session)) {
    return <Navigate to={paths.adminLogin} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }

  async function signOut() {
    setSigningOut(true);
    try {
      await adminApi.logout();
    } catch {
      // The session ends here whatever the server says.
    }
    useAdminSession.getState().clear();
    toast.success('Signed out.');
    navigate(paths.adminLogin, { replace: true });
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo to={paths.admin} compact />
            <span className="rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              Back office
            </span>
          </div>
          {/* A row of its own below 2xl: the sections and the signed-in reviewer do not fit one row at 1280 px. */}
          <nav aria-label="Back office" className="order-3 flex w-full flex-wrap gap-1 2xl:order-none 2xl:w-auto">
            <NavLink
              to={paths.admin}
              end
              // A case belongs to the applications section too.
              className={({ isActive }) => navClasses({ isActive: isActive || location.pathname.startsWith('/admin/applications/') })}
            >
              Applications
            </NavLink>
            <NavLink to={paths.adminDisputes} className={navClasses}>
              Disputes
            </NavLink>
            <NavLink to={paths.adminLimitRequests} className={navClasses}>
              Limit requests
            </NavLink>
            <NavLink to={paths.adminPaymentMethodReviews} className={navClasses}>
              Payment methods
            </NavLink>
            <NavLink to={paths.adminLivePayments} className={navClasses}>
              Live payments
            </NavLink>
            {reviewer?.role === 'admin' && (
              <NavLink to={paths.adminAnnouncements} className={navClasses}>
                Announcements
              </NavLink>
            )}
            {reviewer?.role === 'admin' && (
              <NavLink to={paths.adminReviewers} className={navClasses}>
                Reviewers
              </NavLink>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            {reviewer && (
              <div className="hidden text-right sm:block">
                <p className="text-sm font-semibold text-slate-900">{reviewer.name}</p>
                <p className="text-xs text-slate-500 capitalize">{reviewer.role}</p>
              </div>
            )}
            <button
              type="button"
              onClick={() => void signOut()}
              disabled={signingOut}
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
            >
              <LogOutIcon className="h-4 w-4" />
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
