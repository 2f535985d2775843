import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { navBarClass, navChevronClass, navListClass, navTriggerClass } from './nav-classes';
import { useEffect, useRef, type ComponentPropsWithoutRef, type PointerEvent, type ReactNode } from 'react';

// The menus open on click only, as before: Radix would also open them on hover.
const noHover = (event: PointerEvent) => event.preventDefault();

/** A link inside a header menu: part of Radix's arrow-key group, and choosing it closes the menu. */
export function NavMenuLink(props: ComponentPropsWithoutRef<'a'>) {
  return (
    <NavigationMenu.Link asChild>
      <a {...props} />
    </NavigationMenu.Link>
  );
}

/**
 * The desktop header's navigation (Radix NavigationMenu): links and disclosure menus of links.
 * `defaultValue` opens a menu at once; `focused` names the entry to give focus to on arrival.
 */
export function NavMenuBar({ children, defaultValue, focused }: { children: ReactNode; defaultValue?: string; focused?: string }) {
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused || document.activeElement !== document.body) return;
    const entries = rootRef.current?.querySelectorAll<HTMLElement>('button, a') ?? [];
    Array.from(entries).find((entry) => entry.textContent === focused)?.focus();
  }, [focused]);

  return (
    <NavigationMenu.Root ref={rootRef} aria-label="Main" defaultValue={defaultValue} className={navBarClass}>
      <NavigationMenu.List className={navListClass}>{children}</NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

type NavMenuProps = {
  label: string;
  children: ReactNode;
  panelClassName?: string;
};

/**
 * One header menu: its button opens a panel of ordinary links (Tab reaches each; Down arrow enters
 * the panel and the arrow keys move inside it). Escape closes it with focus back on the button;
 * a click outside closes it too.
 */
export function NavMenu({ label, children, panelClassName = '' }: NavMenuProps) {
  return (
    <NavigationMenu.Item value={label} className="relative">
      <NavigationMenu.Trigger onPointerMove={noHover} onPointerLeave={noHover} className={navTriggerClass}>
        {label}
        <ChevronDownIcon className={navChevronClass} />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content
        onPointerEnter={noHover}
        onPointerLeave={noHover}
        className={`absolute top-full left-0 z-40 mt-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl shadow-slate-900/10 ${panelClassName}`}
      >
        {children}
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}

/** A plain link beside the menus, in the same arrow-key row. */
export function NavBarLink({ className, ...props }: ComponentPropsWithoutRef<'a'>) {
  return (
    <NavigationMenu.Item>
      <NavigationMenu.Link asChild>
        <a className={className} {...props} />
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}
