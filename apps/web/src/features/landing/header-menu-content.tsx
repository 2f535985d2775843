import { companyLinks, placeholderHref, type HeaderMenu } from './landing-content';
import { SendReceiveList } from './send-receive-list';

function CompanyList() {
  return (
    <ul className="space-y-0.5">
      {companyLinks.map((label) => (
        <li key={label}>
          <a
            href={placeholderHref}
            className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What a header menu holds, whether it is shown as a desktop dropdown or a mobile nav section. */
export function HeaderMenuContent({ menu }: { menu: HeaderMenu }) {
  return menu === 'sendReceive' ? <SendReceiveList /> : <CompanyList />;
}
