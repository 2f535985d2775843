import BookIcon from 'lucide-react/icons/book';
import CodeIcon from 'lucide-react/icons/code';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import { API_BASE } from '../../lib/api-client';

const references = [
  {
    title: 'API reference',
    text: 'Every endpoint, with its request, its response and its errors.',
    href: `${API_BASE}/docs`,
    icon: BookIcon,
  },
  {
    title: 'OpenAPI specification',
    text: 'The same reference as OpenAPI JSON, to generate a client or import into your API tool.',
    href: `${API_BASE}/openapi.json`,
    icon: CodeIcon,
  },
] as const;

/** '/docs': points to the API reference the server generates from the shared contracts. */
export function DocsPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Documentation</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          The FiPay API is described by an OpenAPI reference generated from the same schemas the server checks every
          request with, so it always matches what the server accepts.
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {references.map(({ title, text, href, icon: Icon }) => (
          <li key={href}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:p-6"
            >
              <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="h-5 w-5" />
              </span>
              <span className="min-w-0 flex-1 space-y-1">
                <span className="flex items-center gap-2 text-base font-semibold text-slate-900">
                  {title}
                  <ExternalLinkIcon className="h-4 w-4 text-slate-400 group-hover:text-brand-700" />
                  <span className="sr-only">(opens in a new tab)</span>
                </span>
                <span className="block text-sm text-slate-600">{text}</span>
                <span className="block truncate font-mono text-xs text-slate-500">{href}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
