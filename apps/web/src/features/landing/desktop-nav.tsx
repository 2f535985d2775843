import { HeaderMenuContent } from './header-menu-content';
import { headerNav, placeholderHref } from './landing-content';
import { navItemClass } from './nav-classes';
import { NavBarLink, NavMenu, NavMenuBar, NavMenuLink } from './nav-menu';

/**
 * The desktop header's navigation on Radix NavigationMenu. It arrives with the first interaction
 * (docs/decisions/0012): `opened` is a menu the visitor clicked before it arrived, `focused` the
 * entry that had focus, so neither the click nor the focus is lost in the swap.
 */
export default function DesktopNav({ opened, focused }: { opened?: string; focused?: string }) {
  return (
    <NavMenuBar defaultValue={opened} focused={focused}>
      {headerNav.map((item) =>
        item.kind === 'menu' ? (
          <NavMenu key={item.label} label={item.label} panelClassName={item.menu === 'sendReceive' ? 'w-[40rem]' : 'w-52'}>
            <HeaderMenuContent menu={item.menu} link={NavMenuLink} />
          </NavMenu>
        ) : (
          <NavBarLink key={item.label} href={item.href ?? placeholderHref} className={navItemClass}>
            {item.label}
          </NavBarLink>
        ),
      )}
    </NavMenuBar>
  );
}
