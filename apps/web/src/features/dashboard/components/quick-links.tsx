import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import BookIcon from 'lucide-react/icons/book';
import KeyIcon from 'lucide-react/icons/key';
import LinkIcon from 'lucide-react/icons/link';
import { paths } from '../../../config/paths';

type QuickLink = { label: string; text: string; to: string; icon: ComponentType<SVGProps<SVGSVGElement>> };

const quickLinks: readonly QuickLink[] = [
  { label: 'Share a payment link', text: 'Get paid by anyone with a link.', to: paths.paymentLinks, icon: LinkIcon },
  { label: 'Get API keys', text: 'Connect your systems to FiPay.', to: paths.apiKeys, icon: KeyIcon },
  { label: 'See documentation', text: 'Everything the API can do.', to: paths.docs, icon: BookIcon },
];

export function QuickLinks() {
  return (
    <nav aria-label="Quick links">
      <ul className="grid gap-3 sm:grid-cols-3">
        {quickLinks.map(({ label, text, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="h-5 w-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-slate-900">{label}</span>
                <span className="block text-xs text-slate-600">{text}</span>
              </span>
              <ArrowRightIcon className="h-4 w-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
