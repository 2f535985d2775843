import { NavLink } from 'react-router';
import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import LogOutIcon from 'lucide-react/icons/log-out';
import { sidebarEntries } from './shell-nav';

const itemBase =
  'group relative flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

// Collapsed, the label stays in the accessibility tree (it names the link) and shows as a tooltip on hover or focus.
const tooltip =
  'pointer-events-none absolute top-1/2 left-full z-50 ml-3 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100';

type SidebarBodyProps = {
  navId: string;
  /** The wide screen's narrow strip: icons, with the labels as tooltips. */
  iconOnly: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/** The sidebar's entries and its Log Out button, shared by the wide column and the phone drawer. */
export function SidebarBody({ navId, iconOnly, onLogout, isLoggingOut }: SidebarBodyProps) {
  const itemPadding = iconOnly ? 'justify-center px-0' : 'px-3';
  return (
    <>
      <nav
        id={navId}
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
    </>
  );
}

type SidebarProps = {
  id: string;
  /** The narrow icon strip instead of the full sidebar. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/**
 * The dashboard's left sidebar on wide screens: a column beside the page that collapses from w-64
 * to a w-16 icon strip. Phones get the same entries in a drawer instead (sidebar-drawer.tsx).
 */
export function Sidebar({ id, collapsed, onToggleCollapsed, onLogout, isLoggingOut }: SidebarProps) {
  const navId = `${id}-nav`;
  return (
    <aside
      id={id}
      aria-label="Sidebar"
      className={`hidden flex-col border-r border-slate-200 bg-white md:sticky md:top-16 md:flex md:h-[calc(100dvh-4rem)] md:shrink-0 md:transition-[width] md:duration-200 ${
        collapsed ? 'md:w-16' : 'md:w-64'
      }`}
    >
      <div className={`flex h-14 shrink-0 items-center ${collapsed ? 'justify-center' : 'justify-between pr-3 pl-6'}`}>
        {!collapsed && <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Menu</span>}
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-expanded={!collapsed}
          aria-controls={navId}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className="grid h-9 w-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {collapsed ? <ChevronRightIcon className="h-5 w-5" /> : <ChevronLeftIcon className="h-5 w-5" />}
        </button>
      </div>
      <SidebarBody navId={navId} iconOnly={collapsed} onLogout={onLogout} isLoggingOut={isLoggingOut} />
    </aside>
  );
}
