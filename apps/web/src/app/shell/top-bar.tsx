import type { ReactNode } from 'react';
import { Logo } from '../../components/brand/logo';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ModeSwitch } from '../../features/developers/components/mode-switch';
import { BalanceToggle } from './balance-toggle';
import { ProfileMenu } from './profile-menu';

type TopBarProps = {
  /** On phones, the menu button that opens the sidebar as a drawer. */
  menuButton: ReactNode;
  fullName: string;
  maskedEmail: string;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/** The bar above every signed-in page: logo, masked email, the Test/Live switch, balance, notifications and the profile menu. */
export function TopBar({
  menuButton,
  fullName,
  maskedEmail,
  onLogout,
  isLoggingOut,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-4 md:px-5">
      {menuButton}
      <Logo to={paths.dashboard} compact className="shrink-0" />
      <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
        <p className="hidden truncate text-sm text-slate-600 lg:block">
          <span className="sr-only">Signed in as </span>
          {maskedEmail}
        </p>
        <ModeSwitch />
        <BalanceToggle />
        <NotificationBell />
        <ProfileMenu fullName={fullName} maskedEmail={maskedEmail} onLogout={onLogout} isLoggingOut={isLoggingOut} />
      </div>
    </header>
  );
}
