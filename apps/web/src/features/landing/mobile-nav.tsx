import CloseIcon from 'lucide-react/icons/x';
import MenuIcon from 'lucide-react/icons/menu';
import { lazy, Suspense, useRef, useState } from 'react';

const loadPanel = () => import('./mobile-nav-panel');
const MobileNavPanel = lazy(loadPanel);

/** Phone and tablet navigation: a hamburger button that opens a panel with the same entries as the desktop header. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen((value) => !value);
        }}
        className="grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:hidden"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} buttonRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
