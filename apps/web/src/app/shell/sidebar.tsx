import { useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import LogOutIcon from 'lucide-react/icons/log-out';
import { paymentsEntries, sidebarEntries, type NavEntry } from './shell-nav';

const itemBase =
  'group relative flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

// Collapsed, the label stays in the accessibility tree (it names the link) and shows as a tooltip on hover or focus.
// The tooltip is fixed beside its entry (placeTooltip), so the strip can scroll on short screens without clipping it.
const tooltip =
  'pointer-events-none fixed top-(--tip-y) left-19 z-50 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100';

/** Puts an entry's tooltip level with it, wherever the strip is scrolled to. */
function placeTooltip(event: { currentTarget: HTMLElement }) {
  const box = event.currentTarget.getBoundingClientRect();
  event.currentTarget.style.setProperty('--tip-y', `${box.top + box.height / 2}px`);
}

function SidebarLink({ entry, iconOnly }: { entry: NavEntry; iconOnly: boolean }) {
  const place = useLocation();
  const { label, to, icon: Icon, end, isCurrent } = entry;
  const classes = (current: boolean) =>
    `${itemBase} ${iconOnly ? 'justify-center px-0' : 'px-3'} ${
      current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`;
  const tipHandlers = iconOnly ? { onPointerEnter: placeTooltip, onFocus: placeTooltip } : {};
  const content = (
    <>
      <Icon className="h-5 w-5 shrink-0" />
      <span className={iconOnly ? tooltip : 'truncate'}>{label}</span>
    </>
  );
  if (isCurrent) {
    const current = isCurrent(place);
    return (
      <Link to={to} aria-current={current ? 'page' : undefined} className={classes(current)} {...tipHandlers}>
        {content}
      </Link>
    );
  }
  return (
    <NavLink to={to} end={end} className={({ isActive }) => classes(isActive)} {...tipHandlers}>
      {content}
    </NavLink>
  );
}

type SidebarBodyProps = {
  navId: string;
  /** The wide screen's narrow strip: icons, with the labels as tooltips. */
  iconOnly: boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
};

/** The sidebar's entries and its Log Out button, shared by the wide column and the phone drawer. */
export function SidebarBody({ navId, iconOnly, onLogout, isLoggingOut }: SidebarBodyProps) {
  const paymentsId = useId();
  const itemPadding = iconOnly ? 'justify-center px-0' : 'px-3';
  return (
    <>
      <nav
        id={navId}
        aria-label="Dashboard"
        className={`min-h-0 flex-1 overflow-y-auto [scrollbar-width:thin] ${iconOnly ? 'px-2' : 'px-3'} py-3 md:pt-0`}
      >
        <ul className="space-y-1">
          {sidebarEntries.map((entry) => (
            <li key={entry.to}>
              <SidebarLink entry={entry} iconOnly={iconOnly} />
            </li>
          ))}
        </ul>
        {/* SPEC's entries stay as they are; the payment pages follow them as a group of their own. */}
        <div className="mt-3 border-t border-slate-200 pt-3">
          <p id={paymentsId} className={iconOnly ? 'sr-only' : 'px-3 pb-1.5 text-xs font-semibold tracking-wider text-slate-500 uppercase'}>
            Payments
          </p>
          <ul aria-labelledby={paymentsId} className="space-y-1">
            {paymentsEntries.map((entry) => (
              <li key={entry.to}>
                <SidebarLink entry={entry} iconOnly={iconOnly} />
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <div className={`shrink-0 border-t border-slate-200 py-3 ${iconOnly ? 'px-2' : 'px-3'}`}>
        <button
          type="button"
          onClick={onLogout}
          disabled={isLoggingOut}
          onPointerEnter={iconOnly ? placeTooltip : undefined}
          onFocus={iconOnly ? placeTooltip : undefined}
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
