import type { ComponentPropsWithoutRef } from 'react';
import { companyLinks, placeholderHref, type HeaderMenu } from './landing-content';
import { SendReceiveList, type MenuLink } from './send-receive-list';

function PlainLink(props: ComponentPropsWithoutRef<'a'>) {
  return <a {...props} />;
}

function CompanyList({ link: Anchor }: { link: MenuLink }) {
  return (
    <ul className="space-y-0.5">
      {companyLinks.map((label) => (
        <li key={label}>
          <Anchor
            href={placeholderHref}
            className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            {label}
          </Anchor>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a header menu holds, whether it is shown as a desktop dropdown or a mobile nav section.
 * `link` renders each link (the desktop menu puts them in its arrow-key group).
 */
export function HeaderMenuContent({ menu, link = PlainLink }: { menu: HeaderMenu; link?: MenuLink }) {
  return menu === 'sendReceive' ? <SendReceiveList link={link} /> : <CompanyList link={link} />;
}
