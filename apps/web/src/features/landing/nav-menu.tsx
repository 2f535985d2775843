import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useDismiss } from '../../components/ui/use-dismiss';
import { useMenuKeys } from '../../components/ui/use-menu-keys';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';

type NavMenuProps = {
  label: string;
  children: ReactNode;
  panelClassName?: string;
};

/**
 * A disclosure-style navigation menu: the panel holds ordinary links, so Tab reaches every item;
 * arrow keys, Home and End are a shortcut on top of that.
 */
export function NavMenu({ label, children, panelClassName = '' }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { panelRef, onButtonKeyDown, onPanelKeyDown } = useMenuKeys(open, () => setOpen(true));

  useDismiss(
    open,
    (reason) => {
      const focusWasInside = rootRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (reason === 'escape' && focusWasInside) buttonRef.current?.focus();
    },
    [rootRef],
  );

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest('a')) setOpen(false);
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        // Clicking blank space inside the panel blurs with no relatedTarget; only tabbing out should close.
        if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
        className={`inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 xl:px-3 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          open ? 'bg-slate-100 text-slate-900' : 'text-slate-700'
        }`}
      >
        {label}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        onClick={onPanelClick}
        className={`absolute top-full left-0 z-40 mt-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl shadow-slate-900/10 ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
