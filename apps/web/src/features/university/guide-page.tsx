import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { Link, useParams } from 'react-router';
import { MarkdownArticle } from '../../components/markdown-article';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { findGuide, guides } from './guides';

/** One guide at `${base}/:slug`; an unknown slug says so and leads back to the list. */
export function GuidePage({ base }: { base: string }) {
  const { slug } = useParams();
  const guide = findGuide(slug);
  const back = (
    <Link to={base} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" /> University
    </Link>
  );

  if (!guide) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <title>Guide not found | FiPay</title>
        {back}
        <h1 className="text-2xl font-bold text-slate-900">Guide not found</h1>
        <p className="text-slate-600">There is no guide at this address. It may have moved; the University lists every guide.</p>
        <ButtonLink to={base}>All guides</ButtonLink>
      </div>
    );
  }

  const others = guides.filter((other) => other.slug !== guide.slug);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${guide.title} | FiPay University`}</title>
      {back}
      <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <MarkdownArticle markdown={guide.markdown} />
      </article>
      <nav aria-label="More guides" className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">More guides</h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={`${base}/${other.slug}`} className="block rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 hover:border-brand-500 hover:text-brand-700">
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** A guide for signed-out visitors, in the public site's frame. */
export function PublicGuidePage() {
  return (
    <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <GuidePage base={paths.learn} />
    </main>
  );
}
