import { useId, useRef, useState, type MouseEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import LogOutIcon from 'lucide-react/icons/log-out';
import MessagesIcon from 'lucide-react/icons/message-square-text';
import { useMenuKeys } from '../../components/ui/use-menu-keys';
import { COMMUNITY_URL, profileMenuEntries } from './shell-nav';
import { useDismiss } from '../../components/ui/use-dismiss';

// The limits panel is static (SPEC.md section 2); nothing raises limits yet, and the button says so.
export const LIMITS_NOT_AVAILABLE = 'Raising your limits is not available yet.';

type ProfileMenuProps = {
  fullName: string;
  maskedEmail: string;
  onLogout: () => void;
  isLoggingOut: boolean;
};

const itemBase =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700';
const itemClasses = `${itemBase} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100`;

function initials(fullName: string) {
  const letters = fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase());
  return (letters[0] ?? '') + (letters.length > 1 ? letters[letters.length - 1] : '');
}

/**
 * The top bar's profile menu (SPEC.md section 2): a disclosure whose panel holds ordinary links and
 * buttons, so Tab reaches each one; arrow keys, Home and End move between them too. It closes on
 * Escape, on a click outside, on tabbing away and on navigation.
 */
export function ProfileMenu({ fullName, maskedEmail, onLogout, isLoggingOut }: ProfileMenuProps) {
  const { pathname } = useLocation();
  // Open only on the page where it was opened, so any navigation (links, Back) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpenAt(null);
  const { panelRef, onButtonKeyDown, onPanelKeyDown } = useMenuKeys(open, () => setOpenAt(pathname));

  useDismiss(
    open,
    (reason) => {
      const focusWasInside = rootRef.current?.contains(document.activeElement) ?? false;
      close();
      if (reason === 'escape' && focusWasInside) buttonRef.current?.focus();
    },
    [rootRef],
  );

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    // Same-page links do not change the path, so a chosen link closes the menu itself.
    if ((event.target as Element).closest('a')) close();
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Profile menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : pathname)}
        onKeyDown={onButtonKeyDown}
        className={`flex h-10 items-center gap-1.5 rounded-full py-1 pr-1.5 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          open ? 'bg-slate-100' : ''
        }`}
      >
        <span
          aria-hidden="true"
          className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 text-xs font-semibold text-white"
        >
          {initials(fullName)}
        </span>
        <ChevronDownIcon className={`hidden h-4 w-4 text-slate-500 transition-transform sm:block ${open ? 'rotate-180' : ''}`} />
      </button>

      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        onClick={onPanelClick}
        className="absolute top-full right-0 z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10"
      >
        <div className="px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-slate-900">{fullName}</p>
          <p className="truncate text-sm text-slate-500">{maskedEmail}</p>
        </div>

        <section aria-labelledby={`${panelId}-limits`} className="mx-1 mb-2 rounded-xl bg-slate-50 p-3">
          <h2 id={`${panelId}-limits`} className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Your Crypto Limits
          </h2>
          <dl className="mt-2 space-y-1.5 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-600">Buy/Sell</dt>
              <dd className="font-medium text-slate-900">1000 USD left</dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-600">Send</dt>
              <dd className="font-medium text-slate-900">1000 USD left</dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={() => toast(LIMITS_NOT_AVAILABLE)}
            className="mt-3 flex h-9 w-full items-center justify-center rounded-lg bg-brand-700 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Increase Limits
          </button>
        </section>

        <ul className="space-y-0.5 border-t border-slate-100 pt-2">
          {profileMenuEntries.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={itemClasses}>
                <Icon className="h-4.5 w-4.5 shrink-0 text-slate-500" />
                {label}
              </Link>
            </li>
          ))}
          <li>
            <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer" className={itemClasses}>
              <MessagesIcon className="h-4.5 w-4.5 shrink-0 text-slate-500" />
              <span className="flex-1">Join Community</span>
              <ExternalLinkIcon className="h-4 w-4 shrink-0 text-slate-400" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
        <div className="mt-2 border-t border-slate-100 pt-2">
          <button
            type="button"
            onClick={onLogout}
            disabled={isLoggingOut}
            className={`${itemBase} text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60`}
          >
            <LogOutIcon className="h-4.5 w-4.5 shrink-0" />
            Log Out
          </button>
        </div>
      </div>
    </div>
  );
}
