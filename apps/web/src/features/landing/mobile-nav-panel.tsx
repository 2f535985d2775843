import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { HeaderMenuContent } from './header-menu-content';
import { headerNav, placeholderHref, type HeaderMenu } from './landing-content';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';

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

type MobileNavPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The mobile nav's panel: a modal Radix dialog under the header. Tab stays inside, the page behind
 * is inert, and Escape or a click outside closes it with focus back on the menu button. It loads
 * on first use, so the landing page's first load does not carry the dialog code.
 */
export default function MobileNavPanel({ open, onOpenChange, buttonRef }: MobileNavPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-x-0 top-16 bottom-0 z-20 bg-slate-900/20 lg:hidden" />
        <Dialog.Content
          aria-modal="true"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            buttonRef.current?.focus();
          }}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) onOpenChange(false);
          }}
          className="fixed inset-x-0 top-16 z-30 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg shadow-slate-900/10 focus:outline-none lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
              <ul className="space-y-1">
                {headerNav.map((item) => (
                  <li key={item.label}>
                    {item.kind === 'menu' ? (
                      <MobileSection label={item.label} menu={item.menu} />
                    ) : (
                      <a href={item.href ?? placeholderHref} className={rowClass}>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
