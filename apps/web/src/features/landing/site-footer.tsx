import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { AppBadges } from './app-badges';
import { footerColumns, officeAddress, placeholderHref } from './landing-content';
import { SocialLinks } from './social-links';

const footerLinkClasses =
  'text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16 lg:px-8 lg:py-16">
        <div className="space-y-6">
          <Logo light />
          <p className="max-w-xs text-sm leading-relaxed text-slate-400">
            Payments, collections and trading for businesses in Nigeria.
          </p>
          <address className="text-sm leading-relaxed text-slate-300 not-italic">
            {officeAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <div className="space-y-3">
            <p className="text-sm font-semibold text-white">Get the app</p>
            <AppBadges />
          </div>
          <div className="space-y-3">
            <p className="text-sm font-semibold text-white">Follow us</p>
            <SocialLinks />
          </div>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-4">
          {footerColumns.map((column) => {
            const headingId = `footer-${column.title.toLowerCase().replace(/\s+/g, '-')}`;
            return (
              <div key={column.title}>
                <h2 id={headingId} className="text-sm font-semibold text-white">
                  {column.title}
                </h2>
                <ul aria-labelledby={headingId} className="mt-4 space-y-3">
                  {column.links.map(({ label, to }) => (
                    <li key={label}>
                      {to ? (
                        <Link to={to} className={footerLinkClasses}>
                          {label}
                        </Link>
                      ) : (
                        <a href={placeholderHref} className={footerLinkClasses}>
                          {label}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {year} FiPay. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
