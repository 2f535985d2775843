import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { textLinkClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { legalDocuments } from '../legal-documents';

const navLinkClasses =
  'inline-block py-1 text-sm text-slate-600 hover:text-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Public shell for the legal documents: the logo leads home, the footer lists every document. */
export function LegalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-2xl items-center justify-between px-5 sm:px-6">
          <Logo to={paths.home} />
          <Link to={paths.home} className={`${textLinkClasses} text-sm`}>
            Home
          </Link>
        </div>
      </header>

      <main className="mx-auto w-full max-w-2xl flex-1 px-5 py-10 sm:px-6 sm:py-14">{children}</main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-2xl space-y-6 px-5 py-10 sm:px-6">
          <nav aria-label="Legal documents">
            <h2 className="text-sm font-semibold text-slate-900">Legal</h2>
            <ul className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
              {legalDocuments.map((doc) => (
                <li key={doc.slug}>
                  <NavLink to={doc.path} className={navLinkClasses}>
                    {doc.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">
            <Link to={paths.home} className={`${textLinkClasses} inline-flex items-center gap-1.5`}>
              <ArrowLeftIcon className="h-4 w-4" />
              Back to FiPay
            </Link>
            <p>FiPay Technologies Ltd, Lagos, Nigeria</p>
          </div>
        </div>
      </footer>
    </div>
  );
}
