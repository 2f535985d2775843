import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import SearchIcon from 'lucide-react/icons/search';
import { Fragment, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { inputClasses } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { guides } from './guides';
import { queryTerms, searchGuides } from './search';

const QUERY_PARAM = 'q';

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The snippet with the query's words marked; built as elements, never as HTML. */
function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  return (
    <>
      {text.split(pattern).map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * The University: the guides to this product, searchable by title and text. `base` is where it is shown: the
 * dashboard's /dashboard/university or the public /learn; each guide's address is below it.
 */
export function UniversityPage({ base }: { base: string }) {
  const [params, setParams] = useSearchParams();
  const query = params.get(QUERY_PARAM) ?? '';
  const searchId = useId();
  const terms = queryTerms(query);
  const matches = searchGuides(guides, query);
  const searching = terms.length > 0;

  function onQuery(value: string) {
    setParams(value ? { [QUERY_PARAM]: value } : {}, { replace: true });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>University | FiPay</title>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">University</h1>
        <p className="max-w-2xl text-sm text-slate-600 sm:text-base">
          Guides to taking payments, going live, trading safely on the marketplace and moving money with FiPay.
        </p>
      </div>

      <div role="search" className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search the guides
        </label>
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4.5 w-4.5 -translate-y-1/2 text-slate-400" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Search the guides"
          className={`${inputClasses} border-slate-300 pl-10`}
        />
      </div>

      {searching ? (
        <section aria-label="Search results" className="space-y-3">
          <p role="status" className="text-sm text-slate-600">
            {matches.length === 0
              ? `No guides match “${query.trim()}”. Try another word.`
              : `${matches.length} ${matches.length === 1 ? 'guide matches' : 'guides match'} “${query.trim()}”.`}
          </p>
          <ul className="space-y-3">
            {matches.map(({ guide, snippet }) => (
              <li key={guide.slug}>
                <Link
                  to={`${base}/${guide.slug}`}
                  className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <h2 className="font-semibold text-slate-900">
                    <Highlighted text={guide.title} terms={terms} />
                  </h2>
                  <p className="mt-1 text-sm leading-6 text-slate-600">
                    <Highlighted text={snippet} terms={terms} />
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <ul aria-label="Guides" className="grid gap-4 sm:grid-cols-2">
          {guides.map((guide) => (
            <li key={guide.slug}>
              <Link
                to={`${base}/${guide.slug}`}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <h2 className="font-semibold text-slate-900">{guide.title}</h2>
                <p className="mt-1 flex-1 text-sm leading-6 text-slate-600">{guide.summary}</p>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
                  Read the guide <ArrowRightIcon aria-hidden="true" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      {base === paths.learn && (
        <p className="text-sm text-slate-600">
          New to FiPay?{' '}
          <Link to={paths.signup} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Create a business account
          </Link>{' '}
          and try everything in test mode first.
        </p>
      )}
    </div>
  );
}

/** The University for signed-out visitors, in the public site's frame. */
export function PublicUniversityPage() {
  return (
    <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <UniversityPage base={paths.learn} />
    </main>
  );
}
