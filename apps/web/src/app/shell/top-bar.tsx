import type { RefObject } from 'react';
import { Logo } from '../../components/brand/logo';
import MenuIcon from 'lucide-react/icons/menu';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { BalanceToggle } from './balance-toggle';
import { ProfileMenu } from './profile-menu';

type TopBarProps = {
  sidebarId: string;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  fullName: string;
  maskedEmail: string;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/** The bar above every signed-in page: logo, masked email, balance, notifications and the profile menu. */
export function TopBar({
  sidebarId,
  drawerOpen,
  onToggleDrawer,
  menuButtonRef,
  fullName,
  maskedEmail,
  onLogout,
  isLoggingOut,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-4 md:px-5">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onToggleDrawer}
        aria-label="Menu"
        aria-expanded={drawerOpen}
        aria-controls={sidebarId}
        className="grid h-10 w-10 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      <Logo to={paths.dashboard} compact className="shrink-0" />
      <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
        <p className="hidden truncate text-sm text-slate-600 lg:block">
          <span className="sr-only">Signed in as </span>
          {maskedEmail}
        </p>
        <BalanceToggle />
        <NotificationBell />
        <ProfileMenu fullName={fullName} maskedEmail={maskedEmail} onLogout={onLogout} isLoggingOut={isLoggingOut} />
      </div>
    </header>
  );
}
