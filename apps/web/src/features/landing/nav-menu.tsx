import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import type { ComponentPropsWithoutRef, PointerEvent, ReactNode } from 'react';

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

/** The desktop header's navigation (Radix NavigationMenu): links and disclosure menus of links. */
export function NavMenuBar({ children }: { children: ReactNode }) {
  return (
    <NavigationMenu.Root aria-label="Main" className="hidden lg:ml-2 lg:block xl:ml-4">
      <NavigationMenu.List className="flex items-center gap-0.5">{children}</NavigationMenu.List>
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
    <NavigationMenu.Item className="relative">
      <NavigationMenu.Trigger
        onPointerMove={noHover}
        onPointerLeave={noHover}
        className="group inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900 xl:px-3"
      >
        {label}
        <ChevronDownIcon className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" />
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
