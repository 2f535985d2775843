import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useState, type ComponentType, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { paths } from '../../config/paths';
import { onDemand, useOnFirstInteraction, whenReleased } from '../../lib/on-demand';
import { headerNav, placeholderHref } from './landing-content';
import { MobileNav } from './mobile-nav';
import { navBarClass, navChevronClass, navItemClass, navListClass, navTriggerClass } from './nav-classes';

const loadDesktopNav = onDemand(() => import('./desktop-nav'));

type StandInProps = { onOpen: (label: string) => void; onFocusEntry: (label: string) => void };

/**
 * The desktop navigation as it looks with every menu closed, drawn until the menus' code arrives
 * with the first interaction, so the landing page opens without it (docs/decisions/0012).
 */
function DesktopNavStandIn({ onOpen, onFocusEntry }: StandInProps) {
  const onFocus = (event: FocusEvent<HTMLElement>) => onFocusEntry(event.currentTarget.textContent ?? '');
  return (
    <nav aria-label="Main" className={navBarClass}>
      <ul className={navListClass}>
        {headerNav.map((item) => (
          <li key={item.label} className={item.kind === 'menu' ? 'relative' : undefined}>
            {item.kind === 'menu' ? (
              <button
                type="button"
                aria-expanded={false}
                onFocus={onFocus}
                // Pressing is the intent: the menus' code may arrive between the press and the click.
                onPointerDown={() => onOpen(item.label)}
                onClick={() => onOpen(item.label)}
                className={navTriggerClass}
              >
                {item.label}
                <ChevronDownIcon className={navChevronClass} />
              </button>
            ) : (
              <a href={item.href ?? placeholderHref} onFocus={onFocus} className={navItemClass}>
                {item.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

type DesktopNavComponent = ComponentType<{ opened?: string; focused?: string }>;

/** The stand-in stays until the menus' code is here, so a click or focus on it in the meantime still lands. */
function HeaderNav() {
  const [DesktopNav, setDesktopNav] = useState<DesktopNavComponent | null>(null);
  const [opened, setOpened] = useState<string>();
  const [focused, setFocused] = useState<string>();
  useOnFirstInteraction(() => {
    loadDesktopNav()
      // The press that fetched it may still be down on a stand-in link: swapping it now would lose that click.
      .then((module) => whenReleased(() => setDesktopNav(() => module.default)))
      .catch(() => undefined);
  }, DesktopNav === null);

  if (DesktopNav) return <DesktopNav opened={opened} focused={focused} />;
  return <DesktopNavStandIn onOpen={setOpened} onFocusEntry={setFocused} />;
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo className="shrink-0" />

        <HeaderNav />

        <div className="ml-auto flex items-center gap-2">
          <Link to={paths.login} className={navItemClass}>
            Sign in
          </Link>
          <Link
            to={paths.signup}
            className="hidden rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:inline-flex"
          >
            Sign up
          </Link>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
