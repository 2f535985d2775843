import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { paths } from '../../config/paths';
import { HeaderMenuContent } from './header-menu-content';
import { headerNav, placeholderHref } from './landing-content';
import { MobileNav } from './mobile-nav';
import { NavMenu } from './nav-menu';

const navItemClass =
  'inline-flex items-center rounded-lg px-2 py-2 xl:px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo className="shrink-0" />

        <nav aria-label="Main" className="hidden lg:ml-2 lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5">
            {headerNav.map((item) => (
              <li key={item.label}>
                {item.kind === 'menu' ? (
                  <NavMenu label={item.label} panelClassName={item.menu === 'sendReceive' ? 'w-[40rem]' : 'w-52'}>
                    <HeaderMenuContent menu={item.menu} />
                  </NavMenu>
                ) : (
                  <a href={placeholderHref} className={navItemClass}>
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>

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
