import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../../components/brand/logo';
import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import CloseIcon from 'lucide-react/icons/x';
import LogOutIcon from 'lucide-react/icons/log-out';
import { paths } from '../../config/paths';
import { sidebarEntries } from './shell-nav';

type SidebarProps = {
  id: string;
  asideRef: RefObject<HTMLElement | null>;
  /** Wide screens: the narrow icon strip instead of the full sidebar. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Phones: the sidebar shows as a drawer over the page. */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  /** A link was chosen (closes the drawer even when it is the page already showing). */
  onNavigate: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
};

const focusableSelector = 'a[href], button:not([disabled])';

const itemBase =
  'group relative flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

// Collapsed, the label stays in the accessibility tree (it names the link) and shows as a tooltip on hover or focus.
const tooltip =
  'pointer-events-none absolute top-1/2 left-full z-50 ml-3 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100';

/**
 * The dashboard's left sidebar: on wide screens a column beside the page that collapses from
 * w-64 to a w-16 icon strip; on phones a drawer the top bar's menu button opens.
 */
export function Sidebar({
  id,
  asideRef,
  collapsed,
  onToggleCollapsed,
  drawerOpen,
  onCloseDrawer,
  onNavigate,
  onLogout,
  isLoggingOut,
}: SidebarProps) {
  const iconOnly = collapsed && !drawerOpen;

  useEffect(() => {
    if (!drawerOpen) return;
    asideRef.current?.querySelector<HTMLElement>('nav a[href]')?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [drawerOpen, asideRef]);

  // The open drawer is modal: Tab cycles through it rather than reaching the page behind.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!drawerOpen || event.key !== 'Tab') return;
    const items = Array.from(asideRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const itemPadding = iconOnly ? 'justify-center px-0' : 'px-3';

  return (
    <aside
      ref={asideRef}
      id={id}
      aria-label="Sidebar"
      role={drawerOpen ? 'dialog' : undefined}
      aria-modal={drawerOpen ? true : undefined}
      onKeyDown={onKeyDown}
      className={`flex-col border-r border-slate-200 bg-white md:sticky md:top-16 md:flex md:h-[calc(100dvh-4rem)] md:shrink-0 md:transition-[width] md:duration-200 ${
        collapsed ? 'md:w-16' : 'md:w-64'
      } ${drawerOpen ? 'max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:flex max-md:w-64 max-md:shadow-2xl' : 'max-md:hidden'}`}
    >
      {drawerOpen && (
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4 md:hidden">
          <Logo to={paths.dashboard} />
          <button
            type="button"
            onClick={onCloseDrawer}
            aria-label="Close menu"
            className="grid h-10 w-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
      )}

      {!drawerOpen && (
        <div className={`hidden h-14 shrink-0 items-center md:flex ${iconOnly ? 'justify-center' : 'justify-between pr-3 pl-6'}`}>
          {!iconOnly && <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Menu</span>}
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls={`${id}-nav`}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="grid h-9 w-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {collapsed ? <ChevronRightIcon className="h-5 w-5" /> : <ChevronLeftIcon className="h-5 w-5" />}
          </button>
        </div>
      )}

      <nav
        id={`${id}-nav`}
        aria-label="Dashboard"
        // The icon strip keeps its overflow visible for the tooltips, except on screens too short for all the entries.
        className={`min-h-0 flex-1 ${iconOnly ? 'px-2 [@media(max-height:43rem)]:overflow-y-auto' : 'overflow-y-auto px-3'} py-3 md:pt-0`}
      >
        <ul className="space-y-1">
          {sidebarEntries.map(({ label, to, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `${itemBase} ${itemPadding} ${
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                <Icon className="h-5 w-5 shrink-0" />
                <span className={iconOnly ? tooltip : 'truncate'}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className={`shrink-0 border-t border-slate-200 py-3 ${iconOnly ? 'px-2' : 'px-3'}`}>
        <button
          type="button"
          onClick={onLogout}
          disabled={isLoggingOut}
          className={`${itemBase} ${itemPadding} text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60`}
        >
          <LogOutIcon className="h-5 w-5 shrink-0" />
          <span className={iconOnly ? tooltip : 'truncate'}>Log Out</span>
        </button>
      </div>
    </aside>
  );
}
