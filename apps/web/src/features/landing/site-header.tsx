import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { paths } from '../../config/paths';
import { HeaderMenuContent } from './header-menu-content';
import { headerNav, placeholderHref } from './landing-content';
import { MobileNav } from './mobile-nav';
import { NavBarLink, NavMenu, NavMenuBar, NavMenuLink } from './nav-menu';

const navItemClass =
  'inline-flex items-center rounded-lg px-2 py-2 xl:px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo className="shrink-0" />

        <NavMenuBar>
          {headerNav.map((item) =>
            item.kind === 'menu' ? (
              <NavMenu key={item.label} label={item.label} panelClassName={item.menu === 'sendReceive' ? 'w-[40rem]' : 'w-52'}>
                <HeaderMenuContent menu={item.menu} link={NavMenuLink} />
              </NavMenu>
            ) : (
              <NavBarLink key={item.label} href={placeholderHref} className={navItemClass}>
                {item.label}
              </NavBarLink>
            ),
          )}
        </NavMenuBar>

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
