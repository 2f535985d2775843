import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../components/ui/use-dismiss';
import { paths } from '../../config/paths';
import { HeaderMenuContent } from './header-menu-content';
import { headerNav, placeholderHref, type HeaderMenu } from './landing-content';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import CloseIcon from 'lucide-react/icons/x';
import MenuIcon from 'lucide-react/icons/menu';

const rowClass =
  'flex w-full items-center justify-between rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

function MobileSection({ label, menu }: { label: string; menu: HeaderMenu }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)} className={rowClass}>
        {label}
        <ChevronDownIcon className={`h-5 w-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={regionId} hidden={!open} className="px-1 pt-1 pb-3">
        <HeaderMenuContent menu={menu} />
      </div>
    </>
  );
}

/** Phone and tablet navigation: a hamburger button that opens a panel with the same entries as the desktop header. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useDismiss(
    open,
    (reason) => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
    [panelRef, buttonRef],
  );

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
      </button>

      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg shadow-slate-900/10"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="space-y-1">
            {headerNav.map((item) => (
              <li key={item.label}>
                {item.kind === 'menu' ? (
                  <MobileSection label={item.label} menu={item.menu} />
                ) : (
                  <a href={placeholderHref} className={rowClass}>
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-200 pt-4">
            <Link
              to={paths.login}
              className="rounded-lg border border-slate-300 px-4 py-2.5 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Sign in
            </Link>
            <Link
              to={paths.signup}
              className="rounded-lg bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Sign up
            </Link>
          </div>
        </nav>
      </div>
    </div>
  );
}
