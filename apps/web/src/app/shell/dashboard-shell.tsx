import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '../../lib/use-logout';
import { LivePaymentsOffStrip, TestModeStrip } from '../../features/developers/components/mode-switch';
import { useAuthStore } from '../../stores/auth-store';
import { maskEmail } from '@fipay/contracts/mask-email';
import { Sidebar } from './sidebar';
import { SidebarDrawer } from './sidebar-drawer';
import { TopBar } from './top-bar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// Tailwind's md breakpoint: from here up the sidebar is a column, below it a drawer (closed on widening).
const WIDE_QUERY = '(min-width: 48rem)';

/** The frame of the signed-in area (SPEC.md section 2): sidebar and top bar around the page. */
export function DashboardShell() {
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const sidebarId = useId();
  const { collapsed, toggleCollapsed } = useSidebarCollapsed();
  // Open only on the page where it was opened, so navigating (a link, Back) closes the drawer.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === pathname;
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  useEffect(() => {
    const wide = window.matchMedia(WIDE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setDrawerAt(null);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  async function handleLogout() {
    setIsLoggingOut(true);
    await logout();
  }

  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const maskedEmail = maskEmail(user?.email ?? '');

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <TestModeStrip />
      <LivePaymentsOffStrip />
      <TopBar
        menuButton={
          <SidebarDrawer
            open={drawerOpen}
            onOpenChange={(open) => setDrawerAt(open ? pathname : null)}
            onLogout={handleLogout}
            isLoggingOut={isLoggingOut}
          />
        }
        fullName={fullName}
        maskedEmail={maskedEmail}
        onLogout={handleLogout}
        isLoggingOut={isLoggingOut}
      />
      <div className="md:flex">
        <Sidebar
          id={sidebarId}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          onLogout={handleLogout}
          isLoggingOut={isLoggingOut}
        />
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
